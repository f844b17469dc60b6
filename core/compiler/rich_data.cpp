// Puppet 8's rich data form of the values JSON holds no plain form for (value_data.hpp).
#include "compiler/object_types.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/value_data.hpp"
#include "text/base64.hpp"

namespace marionette::compiler {

std::optional<catalog::Data> rich_leaf(const Value& value, DataForm form) {
  if (const RubyString* ruby = value.ruby_string()) {
    if (form != DataForm::rich) return std::nullopt;
    if (ruby->kind == RubyString::Kind::ascii_8bit)
      return catalog::Data{{"__ptype", "Binary"}, {"__pvalue", text::base64_encode(ruby->text)}};
    return catalog::Data{{"__ptype", "String"}, {"__pvalue", ruby->text}};
  }
  if (value.is_default()) return catalog::Data{{"__ptype", "Default"}};
  if (value.is_regexp())
    return catalog::Data{{"__ptype", "Regexp"}, {"__pvalue", std::get<Regexp>(value.v).pattern}};
  if (!is_runtime_value(value)) {
    if (form == DataForm::rich && value.is_type() && !is_sensitive(value))
      return pcore_type_data(value.type());
    return std::nullopt;
  }
  const TypeValue& runtime = value.type();
  const std::string kind = runtime_type_name(runtime);
  if (kind == "Resource") {  // a Puppet::Resource: the catalog holds its reference's text
    std::string text;
    append_runtime_value(runtime, text);
    return catalog::Data(std::move(text));
  }
  if (kind == "Deferred") {
    catalog::Data out{{"__ptype", "Deferred"}, {"name", to_string(runtime.parameters[0])}};
    const Value& arguments = runtime.parameters[1];
    if (arguments.is_array() && !arguments.array().empty())
      out["arguments"] = to_data(arguments, form);
    return out;
  }
  if (kind == "Object") {  // {"__ptype": "Person", "name": "Adam"}: its init hash
    auto [name, attributes] = object_init_hash(runtime);
    catalog::Data out{{"__ptype", name}};
    for (const auto& [key, item] : attributes) out[key.string()] = to_data(item, form);
    return out;
  }
  std::string text;
  append_runtime_value(runtime, text);
  return catalog::Data{{"__ptype", kind}, {"__pvalue", std::move(text)}};
}

}  // namespace marionette::compiler
