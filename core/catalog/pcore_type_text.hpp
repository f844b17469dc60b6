#pragma once

#include <string>

#include "catalog/catalog.hpp"

namespace marionette::catalog {

/// Whether a rich-data object's __ptype names one of Pcore's types ("Pcore::IntegerType").
bool is_pcore_type(const std::string& ptype);

/// The type a Pcore type object of Puppet 8's rich data stands for, as Puppet prints it
/// ({"__ptype": "Pcore::IntegerType", "from": 1, "to": 5} is "Integer[1, 5]").
std::string pcore_type_text(const Data& object);

}  // namespace marionette::catalog
