#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace marionette::compiler::erb {

/// A template turned into Ruby code as Ruby's ERB with Puppet's trim mode '-' turns it: the same
/// statements on the same lines (so that errors name the template's line), with `\x01N\x02`
/// where ERB appends literal text number N and `\x03((code))` where it appends code's `to_s`.
struct ErbScript {
  std::string code;
  std::vector<std::string> texts;
};

/// Reads the tags as ERB's explicit-trim scanner does: `<%= %>` output, `<% %>` code, `<%# %>`
/// comments, `<%%` a literal `<%` (and `%%>` a literal `%>` inside a tag), `<%-` at the start of
/// a line drops the line's indentation, `-%>` drops the newline that follows it.
ErbScript erb_to_script(std::string_view text);

}  // namespace marionette::compiler::erb
