// `Notify[hi][message]`, `Class[app][port]`: a declared resource's parameters read by access,
// as Puppet's access_PResourceType and access_PClassType do for a reference with a title.
#include <cctype>

#include "compiler/evaluator.hpp"
#include "compiler/known_types.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace {

bool declares_parameter(const std::vector<lang::ast::Parameter>& parameters,
                        std::string_view name) {
  for (const lang::ast::Parameter& parameter : parameters)
    if (parameter.name == name) return true;
  return false;
}

/// Ruby's String#capitalize, which Puppet's message applies to the type's name.
std::string ruby_capitalized(const std::string& name) {
  std::string out = text::lowercase(name);
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

}  // namespace

bool Evaluator::has_parameter(const CompiledResource& resource, std::string_view name) {
  if (is_metaparameter(name) || name == "name") return true;
  if (resource.type == "Class") {
    const lang::ast::ClassDefinition* definition =
        environment_.find_class(text::lowercase(resource.title));
    return !definition || declares_parameter(definition->parameters, name);
  }
  if (resource.definition) return declares_parameter(resource.definition->parameters, name);
  std::string type = text::lowercase(resource.type);
  if (is_builtin_type(type)) return accepts_attribute(type, name);
  return true;  // a module's type: its attributes are its own to check
}

Value Evaluator::resource_parameters(const TypeValue& reference, const std::vector<Value>& names,
                                     bool many, const lang::SourceLocation& where) {
  const std::string& type = reference.name;
  const std::string& title = reference.parameters[0].string();
  std::string shown_title = type == "Class" ? text::lowercase(title) : title;
  std::optional<std::size_t> index = resources_.find(type, title);
  if (!index)
    throw lang::SourceError("Resource not found: " + type + "['" + shown_title + "']", where);
  Array values;
  for (const Value& name : names) {
    const CompiledResource& resource = resources_[*index];
    if (!name.is_string() || !has_parameter(resource, name.string()))
      throw lang::SourceError("The resource " + ruby_capitalized(type) + "['" + shown_title +
                                  "'] does not have a parameter called '" + to_string(name) + "'",
                              where);
    const Value* value = resource.parameter(name.string());
    values.push_back(value ? *value : Value());
  }
  if (many) return values;
  return values.empty() ? Value() : std::move(values.back());
}

}  // namespace marionette::compiler
