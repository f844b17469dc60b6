#pragma once

#include <string>
#include <vector>

#include "compiler/value.hpp"
#include "lang/ast/operators.hpp"

namespace marionette::compiler {

/// `Type[keys]` of a data type not yet specialized (`Integer[1, 2]`, `Array[String, 1]`), as
/// Puppet's AccessOperator makes it: the number and the kinds of the keys checked, with its
/// words at the key (or the access) it blames; a size given as an Integer type spread into its
/// bounds (`String[Integer[1, 2]]` is `String[1, 2]`); Pattern's and Regexp's strings made
/// regexps. `keys` are evaluated and flattened where Puppet flattens them.
TypeValue specialize_data_type(const std::string& name, std::vector<Value> keys,
                               const lang::ast::Access& access);

}  // namespace marionette::compiler
