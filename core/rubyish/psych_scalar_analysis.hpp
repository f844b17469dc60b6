#pragma once
// What libyaml's emitter allows a scalar to be written as, from its characters alone
// (yaml_emitter_analyze_scalar's rules): no plain scalar with a line break, leading or trailing
// blanks or an indicator where the parser would read one; nothing but double quotes for a
// character it does not print or for a space next to a line break.

#include <string_view>

namespace marionette::rubyish::psych {

struct ScalarAnalysis {
  bool multiline = false;  ///< holds a line break: never a simple key
  bool flow_plain_allowed = true;
  bool block_plain_allowed = true;
  bool single_quoted_allowed = true;
  bool block_allowed = true;  ///< a literal block
};

ScalarAnalysis analyze_scalar(std::string_view text);

}  // namespace marionette::rubyish::psych
