// stdlib's quoting for command lines: shell_escape, shell_join, shell_split (Ruby's
// Shellwords), batch_escape (cmd.exe) and powershell_escape (and their stdlib:: names).
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/string_encoding.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

/// Shellwords.shellescape: '' for nothing, else a backslash before every character outside
/// [A-Za-z0-9_\-.,:+/@] and newlines quoted as '\n'.
std::string shell_escaped(const std::string& text) {
  if (text.empty()) return "''";
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      out += "'\n'";
    } else if (std::isalnum(c) && c < 0x80) {
      out += text[i];
    } else if (std::string_view("_-.,:+/@").find(static_cast<char>(c)) != std::string_view::npos) {
      out += text[i];
    } else if ((c & 0xC0) == 0x80) {  // the rest of a character already escaped
      out += text[i];
    } else {
      out += '\\';
      out += text[i];
    }
  }
  return out;
}

Value shell_escape(CallContext& call) {
  call.expect_arguments(1, 1);
  return shell_escaped(ruby_to_s(call.arguments[0]));
}

Value shell_join(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1)
    raise(call, "shell_join(): Wrong number of arguments given (" + std::to_string(args.size()) +
                    " for 1)");
  if (!args[0].is_array()) raise(call, "First argument is not an Array: " + ruby_inspect(args[0]));
  std::string out;
  for (std::size_t i = 0; i < args[0].array().size(); ++i) {
    if (i) out += ' ';
    out += shell_escaped(ruby_to_s(args[0].array()[i]));
  }
  return out;
}

bool is_shell_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/// Shellwords.shellsplit: words as a POSIX shell splits them, quotes and backslashes resolved.
Value shell_split(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1)
    raise(call, "shell_split(): Wrong number of arguments given (" + std::to_string(args.size()) +
                    " for 1)");
  std::string line = ruby_to_s(args[0]);
  Array words;
  std::string field;
  bool in_field = false;
  std::size_t i = 0;
  while (i < line.size()) {
    if (!in_field)
      while (i < line.size() && is_shell_space(line[i])) ++i;
    if (i >= line.size()) break;
    char c = line[i];
    if (c == '\'') {
      std::size_t close = line.find('\'', i + 1);
      if (close == std::string::npos) raise(call, "Unmatched quote: " + ruby_inspect(args[0]));
      field += line.substr(i + 1, close - i - 1);
      i = close + 1;
    } else if (c == '"') {
      std::size_t j = i + 1;
      std::string text;
      for (; j < line.size() && line[j] != '"'; ++j) {
        if (line[j] == '\\' && j + 1 < line.size()) {
          char next = line[j + 1];
          if (next == '$' || next == '`' || next == '"' || next == '\\' || next == '\n') {
            text += next;
          } else {
            text += '\\';
            text += next;
          }
          ++j;
        } else {
          text += line[j];
        }
      }
      if (j >= line.size()) raise(call, "Unmatched quote: " + ruby_inspect(args[0]));
      field += text;
      i = j + 1;
    } else if (c == '\\') {
      if (i + 1 < line.size()) field += line[i + 1];
      i += 2;
    } else {
      std::size_t j = i;
      while (j < line.size() && !is_shell_space(line[j]) && line[j] != '\\' && line[j] != '\'' &&
             line[j] != '"')
        ++j;
      field += line.substr(i, j - i);
      i = j;
    }
    in_field = true;
    if (i >= line.size() || is_shell_space(line[i])) {
      // Shellwords builds each word onto String.new (ASCII-8BIT), which stays so while all of
      // it is ASCII.
      if (all_ascii(field))
        words.push_back(RubyString{field});
      else
        words.push_back(field);
      field.clear();
      in_field = false;
    }
  }
  return words;
}

/// batch_escape(value): in double quotes for cmd.exe, `"` doubled, `$` and `\` escaped.
Value batch_escape(CallContext& call) {
  call.expect_arguments(1, 1);
  std::string out = "\"";
  for (char c : ruby_to_s(call.arguments[0])) {
    if (c == '"')
      out += "\"\"";
    else if (c == '$' || c == '\\')
      out += std::string("\\") + c;
    else
      out += c;
  }
  return out + "\"";
}

/// powershell_escape(value): a backtick before ' ', "'", '`', '|', newline, '$'; `"` as \`".
Value powershell_escape(CallContext& call) {
  call.expect_arguments(1, 1);
  std::string out;
  for (char c : ruby_to_s(call.arguments[0])) {
    if (c == ' ' || c == '\'' || c == '`' || c == '|' || c == '\n' || c == '$')
      out += std::string("`") + c;
    else if (c == '"')
      out += "\\`\"";
    else
      out += c;
  }
  return out;
}

}  // namespace

void register_stdlib_shell_functions(FunctionTable& table) {
  table.emplace_back("shell_escape", shell_escape);
  table.emplace_back("stdlib::shell_escape", shell_escape);
  table.emplace_back("shell_join", shell_join);
  table.emplace_back("shell_split", shell_split);
  table.emplace_back("batch_escape", batch_escape);
  table.emplace_back("stdlib::batch_escape", batch_escape);
  table.emplace_back("powershell_escape", powershell_escape);
  table.emplace_back("stdlib::powershell_escape", powershell_escape);
}

}  // namespace marionette::compiler
