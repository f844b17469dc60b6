#include "indirector/yaml_data.hpp"

#include <charconv>

#include "facts/yaml_number_syntax.hpp"

namespace marionette::indirector {

namespace {

facts::Facts plain_scalar(const std::string& text) {
  if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL")
    return nullptr;
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;
  std::int64_t integer = 0;
  const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
  const char* end = text.data() + text.size();
  if (auto [rest, error] = std::from_chars(begin, end, integer);
      error == std::errc() && rest == end)
    return integer;
  if (facts::is_yaml_float(text)) return std::stod(text);
  return text;
}

}  // namespace

facts::Facts data_of(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Scalar:
      if (node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str") return node.Scalar();
      return plain_scalar(node.Scalar());
    case YAML::NodeType::Sequence: {
      facts::Facts array = facts::Facts::array();
      for (const auto& item : node) array.push_back(data_of(item));
      return array;
    }
    case YAML::NodeType::Map: {
      facts::Facts object = facts::Facts::object();
      for (const auto& entry : node) object[entry.first.Scalar()] = data_of(entry.second);
      return object;
    }
    default:
      return nullptr;
  }
}

void emit_data(YAML::Emitter& out, const facts::Facts& data) {
  switch (data.type()) {
    case facts::Facts::value_t::object:
      out << YAML::BeginMap;
      for (const auto& [key, value] : data.items()) {
        out << YAML::Key << key << YAML::Value;
        emit_data(out, value);
      }
      out << YAML::EndMap;
      break;
    case facts::Facts::value_t::array:
      out << YAML::BeginSeq;
      for (const auto& value : data) emit_data(out, value);
      out << YAML::EndSeq;
      break;
    case facts::Facts::value_t::string:
      out << YAML::DoubleQuoted << data.get<std::string>();
      break;
    case facts::Facts::value_t::boolean:
      out << data.get<bool>();
      break;
    case facts::Facts::value_t::number_integer:
      out << data.get<std::int64_t>();
      break;
    case facts::Facts::value_t::number_unsigned:
      out << data.get<std::uint64_t>();
      break;
    case facts::Facts::value_t::number_float:
      out << data.get<double>();
      break;
    default:
      out << YAML::Null;
  }
}

}  // namespace marionette::indirector
