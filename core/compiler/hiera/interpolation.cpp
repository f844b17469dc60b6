#include <regex>
#include <stdexcept>

#include "compiler/hiera/hiera.hpp"

namespace marionette::compiler::hiera {

namespace {

std::string trim(const std::string& text) {
  std::size_t start = text.find_first_not_of(" \t");
  std::size_t end = text.find_last_not_of(" \t");
  return start == std::string::npos ? "" : text.substr(start, end - start + 1);
}

}  // namespace

Value Hiera::interpolate(const Value& value) {
  if (value.is_string()) {
    if (value.string().find("%{") == std::string::npos) return value;
    return interpolate_string(value.string());
  }
  if (value.is_array()) {
    Array out;
    for (const Value& item : value.array()) out.push_back(interpolate(item));
    return out;
  }
  if (value.is_hash()) {
    Hash out;
    for (const auto& [key, item] : value.hash())
      out.emplace_back(interpolate(key), interpolate(item));
    return out;
  }
  return value;
}

/// `%{name.key}` (a variable, digging into hashes), `%{lookup('k')}`/`%{hiera('k')}`,
/// `%{alias('k')}` (the value itself, when it is the whole string), `%{literal('x')}`,
/// `%{scope('name')}`.
Value Hiera::resolve_expression(const std::string& expression, bool& whole_value) {
  static const std::regex call(R"(^(\w+)\(\s*(['"])(.*)\2\s*\)$)");
  std::smatch parts;
  whole_value = false;
  if (std::regex_match(expression, parts, call)) {
    std::string function = parts[1].str(), argument = parts[3].str();
    if (function == "literal") return argument;
    if (function == "scope")
      return variables_(argument.starts_with("::") ? argument.substr(2) : argument);
    if (function == "lookup" || function == "hiera" || function == "alias") {
      std::optional<Value> found = lookup(argument, std::nullopt);
      if (!found)
        throw std::runtime_error("Function " + function + "() did not find a value for the name '" +
                                 argument + "'");
      whole_value = function == "alias";
      return *found;
    }
    throw std::runtime_error("Unknown interpolation method '" + function + "'");
  }
  std::string name = expression.starts_with("::") ? expression.substr(2) : expression;
  std::vector<std::string> segments;
  std::size_t start = 0;
  while (true) {
    std::size_t dot = name.find('.', start);
    segments.push_back(name.substr(start, dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  Value current = variables_(segments[0]);
  for (std::size_t i = 1; i < segments.size() && !current.is_undef(); ++i) {
    if (current.is_hash()) {
      const Value* next = hash_find(current.hash(), Value(segments[i]));
      current = next ? *next : Value();
    } else if (current.is_array() &&
               segments[i].find_first_not_of("0123456789") == std::string::npos &&
               !segments[i].empty() && std::stoul(segments[i]) < current.array().size()) {
      current = current.array()[std::stoul(segments[i])];
    } else {
      current = Value();
    }
  }
  return current;
}

Value Hiera::interpolate_string(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "%{") != 0) {
      out += text[i++];
      continue;
    }
    std::size_t end = text.find('}', i + 2);
    if (end == std::string::npos)
      throw std::runtime_error("Unclosed interpolation in '" + text + "'");
    bool whole_value = false;
    Value resolved = resolve_expression(trim(text.substr(i + 2, end - i - 2)), whole_value);
    if (whole_value) {
      if (i == 0 && end + 1 == text.size()) return resolved;
      throw std::runtime_error(
          "'alias' interpolation is only permitted if the expression is equal to the entire "
          "string");
    }
    out += to_string(resolved);
    i = end + 1;
  }
  return out;
}

}  // namespace marionette::compiler::hiera
