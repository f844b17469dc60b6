#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace marionette::ral {

/// What a file read with Ruby's `File.readlines(path, encoding: NAME)` means for the lines a
/// provider then compares and matches (stdlib's file_line `encoding`): the bytes stay as they
/// are, but a regexp raises on a line that is not valid in the encoding, or that is not ASCII
/// when neither is the (UTF-8) pattern, and a line holding non-ASCII bytes never equals a UTF-8
/// string unless the encoding is UTF-8.
class RubyEncoding {
 public:
  explicit RubyEncoding(std::string name = "UTF-8");

  /// The error Ruby raises when `pattern` (UTF-8 source) is matched against `line`; nothing
  /// when the match can be tried.
  std::optional<std::string> match_error(std::string_view line, std::string_view pattern) const;
  /// Ruby's String#== between a line read in this encoding and a UTF-8 string.
  bool equal(std::string_view line, std::string_view utf8) const;

 private:
  enum class Kind { utf8, ascii, other };
  std::string name_;  ///< as Ruby names the encoding in messages ("ISO-8859-1")
  Kind kind_ = Kind::utf8;
};

}  // namespace marionette::ral
