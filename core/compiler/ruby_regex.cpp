#include "compiler/ruby_regex.hpp"

namespace marionette::compiler {

std::string ecmascript_pattern(std::string_view ruby) {
  std::string out;
  out.reserve(ruby.size() + 8);
  bool in_class = false;
  for (std::size_t i = 0; i < ruby.size(); ++i) {
    const char c = ruby[i];
    if (c == '\\' && i + 1 < ruby.size()) {
      const char next = ruby[++i];
      if (!in_class && next == 'A') {
        out += '^';
      } else if (!in_class && next == 'z') {
        out += '$';
      } else if (!in_class && next == 'Z') {
        out += "(?=\\n?$)";
      } else if (next == 'h') {
        out += in_class ? "0-9a-fA-F" : "[0-9a-fA-F]";
      } else if (next == 'H' && !in_class) {
        out += "[^0-9a-fA-F]";
      } else {
        out += c;
        out += next;
      }
      continue;
    }
    if (in_class) {
      if (c == ']') in_class = false;
      out += c;
      continue;
    }
    if (c == '[') {
      in_class = true;
      out += c;
      if (i + 1 < ruby.size() && ruby[i + 1] == '^') out += ruby[++i];
      if (i + 1 < ruby.size() && ruby[i + 1] == ']') out += ruby[++i];  // a literal ] first
      continue;
    }
    if (c == '(' && ruby.substr(i, 3) == "(?<" && i + 3 < ruby.size() && ruby[i + 3] != '=' &&
        ruby[i + 3] != '!') {
      const std::size_t close = ruby.find('>', i + 3);
      if (close != std::string_view::npos) {
        out += '(';
        i = close;
        continue;
      }
    }
    out += c;
  }
  return out;
}

std::regex compile_ruby_regex(std::string_view ruby_pattern, std::regex::flag_type flags) {
  return std::regex(ecmascript_pattern(ruby_pattern), flags);
}

}  // namespace marionette::compiler
