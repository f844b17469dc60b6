#pragma once

#include <string_view>

namespace marionette::facts {

// The number forms of YAML 1.2's core schema, for resolving plain scalars.

/// [-+]?[0-9]+
bool is_yaml_decimal(std::string_view text);
/// 0o[0-7]+
bool is_yaml_octal(std::string_view text);
/// 0x[0-9a-fA-F]+
bool is_yaml_hex(std::string_view text);
/// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool is_yaml_float(std::string_view text);
/// [-+]?\.(inf|Inf|INF)
bool is_yaml_infinity(std::string_view text);
/// \.(nan|NaN|NAN)
bool is_yaml_nan(std::string_view text);

}  // namespace marionette::facts
