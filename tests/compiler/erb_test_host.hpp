#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "compiler/erb/erb_template.hpp"

namespace marionette::compiler::erb::testing {

/// A TemplateHost over a fixed set of variables, with one function (`upcase`), as the Ruby
/// reference (erb_cases/render.rb) has them.
class MapHost : public TemplateHost {
 public:
  std::map<std::string, RubyValue> variables;

  RubyValue instance_variable(const std::string& name) override { return lookup_variable(name); }
  RubyValue lookup_variable(const std::string& name) override {
    auto found = variables.find(name.starts_with("::") ? name.substr(2) : name);
    return found == variables.end() ? RubyValue() : found->second;
  }
  void set_variable(const std::string& name, const RubyValue& value) override {
    if (variables.count(name)) throw RubyError("Cannot reassign variable '$" + name + "'");
    variables[name] = value;
  }
  RubyHash visible_variables() override {
    RubyHash all;
    for (const auto& [name, value] : variables)
      if (!value.is_nil()) all.emplace_back(RubyValue(name), value);
    return all;
  }
  bool has_variable(const std::string& name) override { return !lookup_variable(name).is_nil(); }
  RubyValue call_function(const std::string& name, RubyArray arguments) override {
    if (name != "upcase" || arguments.empty() || !arguments[0].is_string())
      throw RubyError("undefined method `function_" + name + "' for Scope(Class[main]):Puppet::Parser::Scope");
    std::string text = arguments[0].string();
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
  }
  std::string scope_name() override { return "Scope(Class[main])"; }
};

inline RubyValue from_json(const nlohmann::ordered_json& j) {
  if (j.is_null()) return RubyValue();
  if (j.is_boolean()) return j.get<bool>();
  if (j.is_number_integer()) return j.get<std::int64_t>();
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) return j.get<std::string>();
  if (j.is_array()) {
    RubyArray items;
    for (const auto& item : j) items.push_back(from_json(item));
    return items;
  }
  RubyHash pairs;
  for (const auto& [key, item] : j.items()) pairs.emplace_back(RubyValue(key), from_json(item));
  return pairs;
}

}  // namespace marionette::compiler::erb::testing
