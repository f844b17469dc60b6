#include "ral/exec_command.hpp"

#include <array>
#include <cstring>
#include <string_view>

namespace marionette::ral::exec_command {

namespace {

constexpr std::array<std::string_view, 29> kShellWords = {
    "!",      ".",    ":",     "break", "case",   "continue", "do",    "done",  "elif", "else",
    "esac",   "eval", "exec",  "exit",  "export", "fi",       "for",   "if",    "in",   "readonly",
    "return", "set",  "shift", "then",  "times",  "trap",     "unset", "until", "while"};

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

}  // namespace

std::string executable(const std::string& command) {
  if (!command.empty() && (command[0] == '"' || command[0] == '\'')) {
    auto close = command.find(command[0], 1);
    if (close != std::string::npos && close > 1) return command.substr(1, close - 1);
  }
  return command.substr(0, command.find(' '));
}

bool needs_shell(const std::string& command) {
  static const char* meta = "*?{}[]<>()~&|\\$;'`\"\n#";
  std::size_t first_start = std::string::npos, first_end = std::string::npos;
  for (std::size_t i = 0; i < command.size(); ++i) {
    char c = command[i];
    if (std::strchr(meta, c) && c != '\0') return true;
    if (is_blank(c)) {
      if (first_start != std::string::npos && first_end == std::string::npos) first_end = i;
    } else {
      if (first_start == std::string::npos) first_start = i;
      if (first_end == std::string::npos && c == '=') return true;
    }
  }
  if (first_start == std::string::npos) return false;
  if (first_end == std::string::npos) first_end = command.size();
  std::string_view first(command.data() + first_start, first_end - first_start);
  for (auto word : kShellWords) {
    if (first == word) return true;
  }
  return false;
}

std::vector<std::string> argv(const std::string& command) {
  if (needs_shell(command)) return {"/bin/sh", "-c", command};
  std::vector<std::string> words;
  std::string word;
  for (char c : command) {
    if (is_blank(c)) {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word.push_back(c);
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

std::optional<std::string> unqualified_error(const std::string& command, bool has_path) {
  std::string exe = executable(command);
  if (has_path || (!exe.empty() && exe.front() == '/')) return std::nullopt;
  return "'" + exe +
         "' is not qualified and no path was specified. Please qualify the command "
         "or specify a path.";
}

std::optional<std::string> missing_executable_error(const std::string& command,
                                                    const std::vector<std::string>& path,
                                                    FileSystem& files) {
  std::string exe = executable(command);
  if (!exe.empty() && exe.front() == '/') {
    auto info = files.lstat(exe);
    if (!info) return "Could not find command '" + exe + "'";
    if (info->kind == FileInfo::Kind::directory) return "'" + exe + "' is a directory, not a file";
    if (!files.is_executable_file(exe)) return "'" + exe + "' is not executable";
    return std::nullopt;
  }
  for (const auto& dir : path) {
    if (files.is_executable_file(dir + "/" + exe)) return std::nullopt;
  }
  return "Could not find command '" + exe + "'";
}

}  // namespace marionette::ral::exec_command
