#pragma once
// Values written as Ruby's libraries write them, byte for byte: JSON.generate and
// JSON.pretty_generate (Ruby 3.1's json 2.6) and Psych's to_yaml. stdlib's to_json, to_json_pretty
// and to_yaml print with these.

#include <functional>
#include <stdexcept>
#include <string>

#include "rubyish/value.hpp"

namespace marionette::rubyish {

/// What Ruby raises when a value cannot be written (NaN in JSON, nesting beyond the limit).
struct SerializationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct RubyJsonStyle {
  std::string indent;        ///< "" compact; "  " pretty
  std::string space;         ///< after ':'
  std::string space_before;  ///< before ':'
  std::string object_nl;
  std::string array_nl;
  bool allow_nan = false;
  std::size_t max_nesting = 100;  ///< 0: unlimited (still bounded by kMaxSerializedDepth)

  static RubyJsonStyle compact() { return {}; }
  static RubyJsonStyle pretty() { return {"  ", " ", "", "\n", "\n"}; }
};

/// Deeper values are refused whatever the options say (the machine stack is not trusted).
constexpr std::size_t kMaxSerializedDepth = 1000;

std::string ruby_json(const RubyValue& value, const RubyJsonStyle& style);

/// Departures from plain to_yaml that a writer makes on Psych's node tree (Facter's YAML output
/// double-quotes scalars by its own rule and writes every key plain).
struct PsychYamlStyle {
  /// Given a scalar value's text (not a key's; "" for nil): true forces it double-quoted.
  std::function<bool(const std::string& text)> double_quote;
  bool plain_keys = false;
};

/// value.to_yaml: "---\n" and the document, as Psych 4 on libyaml 0.2.5 writes it: the styles
/// Psych asks for, written, escaped and folded at 80 columns as libyaml's emitter does.
std::string psych_yaml(const RubyValue& value, const PsychYamlStyle& style = {});

}  // namespace marionette::rubyish
