#include "text/puppet_quote.hpp"

#include <algorithm>
#include <cstdio>

namespace marionette::text {

std::string puppet_quote(const std::string& text, bool double_quoted) {
  bool control = double_quoted || std::any_of(text.begin(), text.end(), [](char c) {
                   return static_cast<unsigned char>(c) < 0x20;
                 });
  std::string out;
  if (control) {
    out += '"';
    for (char c : text) {
      switch (c) {
        case '\t':
          out += "\\t";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '"':
          out += "\\\"";
          break;
        case '$':
          out += "\\$";
          break;
        case '\\':
          out += "\\\\";
          break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char code[16];
            std::snprintf(code, sizeof code, "\\u{%X}", static_cast<unsigned>(c));
            out += code;
          } else {
            out += c;
          }
      }
    }
    return out + '"';
  }
  // Single quotes: a quote is escaped, a backslash stays as written (even a last one).
  out += '\'';
  bool escaped = false;
  for (char c : text) {
    if (escaped) {
      out += '\\';
      out += c;
      escaped = false;
    } else if (c == '\'') {
      out += "\\'";
    } else if (c == '\\') {
      escaped = true;
    } else {
      out += c;
    }
  }
  if (escaped) out += '\\';
  return out + '\'';
}

}  // namespace marionette::text
