#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace marionette::rubyish {

/// One token of Ruby source as the type-file readers need it: no more than tells names,
/// symbols, strings, regexes and brackets apart. A coarse view of the one scanner's tokens
/// (ruby_scanner.hpp, read tolerantly): comments, heredoc bodies and `=begin` blocks are
/// skipped, and so are the newlines.
struct RubyToken {
  enum class Kind {
    Identifier,  ///< name, name?, name!, a keyword, @ivar, @@cvar, $global (with its sigil)
    Constant,    ///< Puppet::Type (with its `::` segments)
    Label,       ///< `namevar:` in `namevar: true` (text without the colon)
    Symbol,      ///< `:name` (text without the colon)
    String,      ///< '…', "…", %q(…), %w(…), heredoc start (text: the raw contents)
    Regex,       ///< /…/ or %r{…} (text: the source; flags: its option letters)
    Number,
    Punct,  ///< ( ) [ ] { } , . => = and the other operators
  };
  Kind kind = Kind::Punct;
  std::string text;
  std::string flags;          ///< a regex's options
  bool interpolated = false;  ///< a "…" string or regex with #{…} in it
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  bool is(Kind k, std::string_view t) const { return kind == k && text == t; }
  bool punct(std::string_view t) const { return is(Kind::Punct, t); }
  bool identifier(std::string_view t) const { return is(Kind::Identifier, t); }
};

/// The tokens of `text`. Never throws: what it does not understand becomes a Punct token.
std::vector<RubyToken> ruby_tokens(std::string_view text);

}  // namespace marionette::rubyish
