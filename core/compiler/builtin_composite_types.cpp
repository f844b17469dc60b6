#include "compiler/builtin_composite_types.hpp"

#include "rubyish/regex.hpp"

namespace marionette::compiler {

namespace {

/// sshkeys_core's sshkey: the title patterns /^(.*?)@(.*)$/ (name, type) and /^([^@]+)$/ (name).
ResourceTypeDefinition sshkey_type() {
  ResourceTypeDefinition type;
  type.name = "sshkey";
  type.attributes = {"ensure", "type", "key", "host_aliases", "name", "target", "provider"};
  type.key_attributes = {"type", "name"};
  type.title_patterns = {{"^(.*?)@(.*)$", false, {"name", "type"}, {}},
                         {"^([^@]+)$", false, {"name"}, {}}};
  for (auto& pattern : type.title_patterns)
    pattern.compiled = rubyish::compile_ruby_regex(pattern.regex);
  return type;
}

}  // namespace

const ResourceTypeDefinition* builtin_composite_type(std::string_view name) {
  if (name != "sshkey") return nullptr;
  static const ResourceTypeDefinition sshkey = sshkey_type();
  return &sshkey;
}

}  // namespace marionette::compiler
