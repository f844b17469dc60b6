#include "rubyish/psych_scalar_analysis.hpp"

#include "rubyish/psych_characters.hpp"

namespace marionette::rubyish::psych {

namespace {

bool is_one_of(unsigned char c, std::string_view set) {
  return c != 0 && set.find(static_cast<char>(c)) != std::string_view::npos;
}

}  // namespace

ScalarAnalysis analyze_scalar(std::string_view text) {
  ScalarAnalysis result;
  if (text.empty()) {
    result.flow_plain_allowed = result.block_allowed = false;
    return result;  // plain in a block, or quoted
  }
  bool block_indicators = false, flow_indicators = false, line_breaks = false;
  bool special_characters = false;
  bool leading_space = false, leading_break = false, trailing_space = false;
  bool trailing_break = false, break_space = false, space_break = false;
  bool previous_space = false, previous_break = false;
  if (text.starts_with("---") || text.starts_with("...")) block_indicators = flow_indicators = true;

  bool preceded_by_whitespace = true;
  bool followed_by_whitespace = is_blankz(text, char_width(text, 0));
  for (std::size_t at = 0; at < text.size();) {
    const unsigned char c = byte_at(text, at);
    const std::size_t width = char_width(text, at);
    if (at == 0) {
      if (is_one_of(c, "#,[]{}&*!|>'\"%@`")) flow_indicators = block_indicators = true;
      if (c == '?' || c == ':') {
        flow_indicators = true;
        if (followed_by_whitespace) block_indicators = true;
      }
      if (c == '-' && followed_by_whitespace) flow_indicators = block_indicators = true;
    } else {
      if (is_one_of(c, ",?[]{}")) flow_indicators = true;
      if (c == ':') {
        flow_indicators = true;
        if (followed_by_whitespace) block_indicators = true;
      }
      if (c == '#' && preceded_by_whitespace) flow_indicators = block_indicators = true;
    }
    if (!is_printable(text, at)) special_characters = true;
    if (is_break(text, at)) line_breaks = true;
    const bool last = at + width >= text.size();
    if (is_space(text, at)) {
      leading_space |= at == 0;
      trailing_space |= last;
      break_space |= previous_break;
      previous_space = true;
      previous_break = false;
    } else if (is_break(text, at)) {
      leading_break |= at == 0;
      trailing_break |= last;
      space_break |= previous_space;
      previous_space = false;
      previous_break = true;
    } else {
      previous_space = previous_break = false;
    }
    preceded_by_whitespace = is_blankz(text, at);
    at += width;
    if (at < text.size()) followed_by_whitespace = is_blankz(text, at + char_width(text, at));
  }

  result.multiline = line_breaks;
  if (leading_space || leading_break || trailing_space || trailing_break)
    result.flow_plain_allowed = result.block_plain_allowed = false;
  if (trailing_space) result.block_allowed = false;
  if (break_space)
    result.flow_plain_allowed = result.block_plain_allowed = result.single_quoted_allowed = false;
  if (space_break || special_characters)
    result.flow_plain_allowed = result.block_plain_allowed = result.single_quoted_allowed =
        result.block_allowed = false;
  if (line_breaks) result.flow_plain_allowed = result.block_plain_allowed = false;
  if (flow_indicators) result.flow_plain_allowed = false;
  if (block_indicators) result.block_plain_allowed = false;
  return result;
}

}  // namespace marionette::rubyish::psych
