#pragma once

#include "catalog/json_writer.hpp"
#include "compiler/value.hpp"
#include "compiler/value_data.hpp"

namespace marionette::compiler {

/// Writes the value as it stands in a catalog's parameters: the bytes
/// `to_data(value, form).dump()` gives, without building the JSON tree.
void write_json(const Value& value, catalog::JsonWriter& json, DataForm form = DataForm::strings);

}  // namespace marionette::compiler
