#include "indirector/yaml_data.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

#include "rubyish/psych_scalar.hpp"

namespace marionette::indirector {

namespace {

/// A float as Ruby's Psych writes it, so that Psych (and load_yaml_file) reads a float back:
/// always a dot, a signed exponent (`2.0`, `1.0e+20`), `.inf` and `.nan`.
std::string psych_float(double value) {
  if (std::isnan(value)) return ".nan";
  if (std::isinf(value)) return value < 0 ? "-.inf" : ".inf";
  char text[64];
  auto [end, error] = std::to_chars(text, text + sizeof text, value);
  std::string out(text, end);
  if (out.find('.') == std::string::npos) {
    std::size_t exponent = out.find('e');
    out.insert(exponent == std::string::npos ? out.size() : exponent, ".0");
  }
  return out;
}

}  // namespace

facts::Facts data_of(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Scalar:
      if (node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str") return node.Scalar();
      {
        // Psych's resolution, as Puppet reads an ENC's output (safe loading: no dates).
        rubyish::PsychScalar scalar = rubyish::psych_scalar(node.Scalar());
        if (const char* refused = rubyish::refused_ruby_class(scalar.kind))
          throw std::runtime_error(std::string("Tried to load unspecified class: ") + refused);
        return std::move(scalar.value);
      }
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
      out << psych_float(data.get<double>());
      break;
    default:
      out << YAML::Null;
  }
}

}  // namespace marionette::indirector
