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

namespace {

/// Where the group opened at `open` closes, skipping escapes and bracket classes; npos if never.
std::size_t group_end(std::string_view pattern, std::size_t open) {
  int depth = 0;
  bool in_class = false;
  for (std::size_t i = open; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\') {
      ++i;
    } else if (in_class) {
      in_class = c != ']';
    } else if (c == '[') {
      in_class = true;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth == 0) {
      return i;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::regex compile_ruby_regex(std::string_view ruby_pattern, std::regex::flag_type flags) {
  // A case-insensitive whole pattern, `(?i)…` or `(?i:…)` (stdlib's Stdlib::HTTPUrl): ECMAScript
  // has no inline flags, so the flag moves to the regex.
  if (ruby_pattern.starts_with("(?i)")) {
    ruby_pattern.remove_prefix(4);
    flags |= std::regex::icase;
  } else if (ruby_pattern.starts_with("(?i:") &&
             group_end(ruby_pattern, 0) == ruby_pattern.size() - 1) {
    ruby_pattern = ruby_pattern.substr(4, ruby_pattern.size() - 5);
    flags |= std::regex::icase;
  }
  return std::regex(ecmascript_pattern(ruby_pattern), flags);
}

}  // namespace marionette::compiler
