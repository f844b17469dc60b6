#include "java_properties.hpp"

#include <fstream>
#include <stdexcept>

namespace marionette::mibtest {
namespace {

std::string trim_left(const std::string& s) {
  std::size_t start = s.find_first_not_of(" \t\f");
  return start == std::string::npos ? "" : s.substr(start);
}

bool ends_in_continuation(const std::string& line) {
  std::size_t backslashes = 0;
  for (auto it = line.rbegin(); it != line.rend() && *it == '\\'; ++it) ++backslashes;
  return backslashes % 2 == 1;
}

std::string unescape(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    char next = text[++i];
    switch (next) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'f':
        out += '\f';
        break;
      default:
        out += next;
        break;
    }
  }
  return out;
}

}  // namespace

std::map<std::string, std::string> read_java_properties(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::map<std::string, std::string> properties;
  std::string logical;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    line = trim_left(line);
    if (logical.empty() && (line.empty() || line[0] == '#' || line[0] == '!')) continue;
    if (ends_in_continuation(line)) {
      logical += line.substr(0, line.size() - 1);
      continue;
    }
    logical += line;
    std::size_t separator = 0;
    while (separator < logical.size() && logical[separator] != '=' && logical[separator] != ':' &&
           logical[separator] != ' ' && logical[separator] != '\t') {
      if (logical[separator] == '\\') ++separator;
      ++separator;
    }
    std::string key = unescape(logical.substr(0, separator));
    std::string rest = separator < logical.size() ? logical.substr(separator) : "";
    rest = trim_left(rest);
    if (!rest.empty() && (rest[0] == '=' || rest[0] == ':')) rest = trim_left(rest.substr(1));
    properties[key] = unescape(rest);
    logical.clear();
  }
  return properties;
}

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> args;
  std::string current;
  bool quoted = false, have = false;
  for (char c : command) {
    if (c == '"') {
      quoted = !quoted;
      have = true;
    } else if (!quoted && (c == ' ' || c == '\t' || c == '\n')) {
      if (have) args.push_back(current);
      current.clear();
      have = false;
    } else {
      current += c;
      have = true;
    }
  }
  if (have) args.push_back(current);
  return args;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(start, end - start);
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) items.push_back(item);
    start = end + 1;
  }
  return items;
}

}  // namespace marionette::mibtest
