#include "template_changes.hpp"

#include <string>
#include <utility>
#include <vector>

#include "host_calls.hpp"
#include "ruby_values.hpp"
#include "value_wire.hpp"

namespace marionette::ruby {

namespace {

/// Each variable of `sent` that holds an Array or a Hash: its name and its bytes as sent.
std::vector<std::pair<std::string_view, std::string_view>> containers(std::string_view sent) {
  std::vector<std::pair<std::string_view, std::string_view>> found;
  ruby_wire::Reader in(sent.data(), sent.size());
  if (sent.empty() || in.tag() != 'h') return found;
  std::uint32_t n = in.count();
  for (std::uint32_t i = 0; i < n; ++i) {
    if (in.tag() != 's') return found;  // variables are named by Strings
    std::string_view name = in.text();
    std::size_t start = in.position();
    ruby_wire::skip(in);
    std::string_view value = sent.substr(start, in.position() - start);
    if (value[0] == 'a' || value[0] == 'h') found.emplace_back(name, value);
  }
  return found;
}

}  // namespace

void hand_back_changed_variables(std::string_view sent, VALUE variables) {
  std::vector<std::pair<std::string_view, std::string_view>> candidates;
  try {
    candidates = containers(sent);
  } catch (const std::exception&) {
    return;  // to_ruby decoded these very bytes: they are whole
  }
  for (const auto& [name, before] : candidates) {
    VALUE now = rb_hash_lookup2(variables, utf8_string(name), Qundef);
    if (now == Qundef) continue;
    std::string after, error;
    // A value Puppet cannot hold (a Ruby object pushed into an Array) stays the template's own.
    if (!from_ruby(now, after, error) || after == before) continue;
    host_replace_variable(name, after);
  }
}

}  // namespace marionette::ruby
