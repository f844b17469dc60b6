#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/value.hpp"

namespace marionette::compiler {

/// Whether every byte is ASCII (Ruby's 7-bit code range).
bool all_ascii(std::string_view text);

/// The characters Ruby's String methods index: a UTF-8 String's characters (a byte that starts
/// none counts alone, as Ruby counts a broken string's bytes), an ASCII-8BIT String's bytes. Views
/// into `text`.
std::vector<std::string_view> ruby_characters(std::string_view text, bool ascii_8bit = false);

/// How many characters Ruby's String#length counts (see ruby_characters).
std::size_t ruby_length(std::string_view text, bool ascii_8bit = false);

/// Ruby's String#[](start, count) on characters with in-range `start` and `count`: the bytes of
/// `count` characters from character `start`.
std::string_view ruby_substring(std::string_view text, std::size_t start, std::size_t count,
                                bool ascii_8bit = false);

/// Whether text Ruby joins piece by piece (Array#join, which Puppet's interpolation and join
/// use) ends in ASCII-8BIT (RubyString) or stays a plain String. The result takes the first
/// piece's encoding; a later piece with bytes beyond ASCII joined to text that has none gives its
/// own; anything else keeps what the text has.
class JoinedEncoding {
 public:
  /// The piece just appended to `joined` starts at `piece_start`; `first` when it is the join's
  /// first item (Ruby copies that item's encoding).
  void add(const std::string& joined, std::size_t piece_start, bool piece_ascii_8bit, bool first);

  /// The joined text as its value: a RubyString in ASCII-8BIT, else a plain String.
  Value value(std::string joined) const;

 private:
  bool ascii_8bit_ = false;
};

}  // namespace marionette::compiler
