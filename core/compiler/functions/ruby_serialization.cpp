#include "compiler/functions/ruby_serialization.hpp"

#include "compiler/functions/ruby_format.hpp"

namespace marionette::compiler {

std::string ruby_json(const Value& value, const RubyJsonStyle& style) {
  return rubyish::ruby_json(ruby_view(value), style);
}

std::string psych_yaml(const Value& value, const PsychYamlStyle& style) {
  return rubyish::psych_yaml(ruby_view_keeping_identity(value), style);
}

}  // namespace marionette::compiler
