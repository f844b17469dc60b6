#include <yaml-cpp/yaml.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "facts/facts.hpp"
#include "facts/yaml_number_syntax.hpp"

namespace marionette::facts {
namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const YAML::Mark& mark,
                       const std::string& message) {
  std::string where = path.string();
  if (!mark.is_null()) {
    where += ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1);
  }
  throw std::runtime_error(where + ": error: " + message);
}

std::optional<Facts> integer_of(const std::string& text) {
  int base = 10;
  std::string digits = text;
  if (is_yaml_octal(text)) {
    base = 8;
    digits = text.substr(2);
  } else if (is_yaml_hex(text)) {
    base = 16;
    digits = text.substr(2);
  } else if (!is_yaml_decimal(text)) {
    return std::nullopt;
  }
  if (digits[0] == '+') digits.erase(0, 1);
  const char* end = digits.data() + digits.size();
  std::int64_t value = 0;
  if (auto [ptr, ec] = std::from_chars(digits.data(), end, value, base); ec == std::errc()) {
    return Facts(value);
  }
  std::uint64_t big = 0;
  if (auto [ptr, ec] = std::from_chars(digits.data(), end, big, base); ec == std::errc()) {
    return Facts(big);
  }
  return Facts(std::stod(text));  // too large for 64 bits: keep it as a number
}

std::optional<Facts> float_of(const std::string& text) {
  if (is_yaml_float(text)) return Facts(std::stod(text));
  if (is_yaml_infinity(text)) {
    return Facts(text[0] == '-' ? -std::numeric_limits<double>::infinity()
                                : std::numeric_limits<double>::infinity());
  }
  if (is_yaml_nan(text)) return Facts(std::numeric_limits<double>::quiet_NaN());
  return std::nullopt;
}

/// A plain (unquoted, untagged) scalar, resolved by the YAML 1.2 core schema: null, booleans,
/// integers (decimal, 0o octal, 0x hex), floats; anything else is a string.
Facts plain_scalar(const std::string& text) {
  if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL") {
    return nullptr;
  }
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;
  if (auto integer = integer_of(text)) return *integer;
  if (auto number = float_of(text)) return *number;
  return text;
}

Facts to_facts(const YAML::Node& node, const std::filesystem::path& path) {
  switch (node.Type()) {
    case YAML::NodeType::Null:
      return nullptr;
    case YAML::NodeType::Scalar:
      // yaml-cpp tags a quoted scalar "!" and a plain one "?"; an explicit !!str stays a string.
      if (node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str") return node.Scalar();
      return plain_scalar(node.Scalar());
    case YAML::NodeType::Sequence: {
      Facts array = Facts::array();
      for (const auto& element : node) array.push_back(to_facts(element, path));
      return array;
    }
    case YAML::NodeType::Map: {
      Facts object = Facts::object();
      for (const auto& entry : node) {
        if (!entry.first.IsScalar()) fail(path, entry.first.Mark(), "a key must be a string");
        object[entry.first.Scalar()] = to_facts(entry.second, path);
      }
      return object;
    }
    case YAML::NodeType::Undefined:
      break;
  }
  return nullptr;
}

}  // namespace

Facts load_yaml_file(const std::filesystem::path& path) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(path.string());
  } catch (const YAML::BadFile&) {
    fail(path, YAML::Mark::null_mark(), "cannot read the file");
  } catch (const YAML::Exception& error) {
    fail(path, error.mark, error.msg);
  }
  if (root.IsNull()) return Facts::object();  // an empty file: no facts
  if (!root.IsMap()) fail(path, root.Mark(), "expected a mapping of fact names to values");
  return to_facts(root, path);
}

}  // namespace marionette::facts
