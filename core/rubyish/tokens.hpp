#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace marionette::rubyish {

/// One token of Ruby source as the type-file readers need it: no more than tells names,
/// symbols, strings, regexes and brackets apart. Comments, heredoc bodies and `=begin` blocks
/// are skipped.
struct RubyToken {
  enum class Kind {
    Identifier,  ///< name, name?, name!, @ivar, $global (text without the sigil for none)
    Constant,    ///< Puppet::Type (with its `::` segments)
    Label,       ///< `namevar:` in `namevar: true` (text without the colon)
    Symbol,      ///< `:name` (text without the colon)
    String,      ///< '…', "…", %q(…), heredoc start (text: the raw contents)
    Regex,       ///< /…/ or %r{…} (text: the source; flags: its option letters)
    Number,
    Punct,  ///< ( ) [ ] { } , . => = and the other operators, one or two characters
  };
  Kind kind = Kind::Punct;
  std::string text;
  std::string flags;          ///< a regex's options
  bool interpolated = false;  ///< a "…" string or regex with #{…} in it
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  bool first_on_line = false;

  bool is(Kind k, std::string_view t) const { return kind == k && text == t; }
  bool punct(std::string_view t) const { return is(Kind::Punct, t); }
  bool identifier(std::string_view t) const { return is(Kind::Identifier, t); }
};

/// The closing delimiter of a %-literal (`%w(`, `%r{`, `%q<`), or the same character for the
/// unbracketed ones (`%q|…|`): both of Ruby's tokenizers here read %-literals with it.
char closing_delimiter(char open);

/// The tokens of `text`. Never throws: what it does not understand becomes a Punct token.
std::vector<RubyToken> ruby_tokens(std::string_view text);

}  // namespace marionette::rubyish
