#include "config/puppet_conf.hpp"

#include <cctype>
#include <fstream>
#include <sstream>

#include "config/agent_config.hpp"
#include "lang/diagnostic.hpp"
#include "text/text.hpp"

namespace marionette::config {

namespace {

/// The sections Puppet 7 allows in puppet.conf.
constexpr const char* kAllowedSections[] = {"main", "server", "master", "agent", "user"};

/// Ruby's [[:word:]]: letters, digits, `_` (and any non-ASCII byte, part of a UTF-8 letter).
bool is_word(char c) {
  auto byte = static_cast<unsigned char>(c);
  return std::isalnum(byte) || c == '_' || byte >= 0x80;
}

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

std::size_t skip_blanks(const std::string& text, std::size_t at) {
  while (at < text.size() && is_blank(text[at])) ++at;
  return at;
}

std::size_t skip_word(const std::string& text, std::size_t at) {
  while (at < text.size() && is_word(text[at])) ++at;
  return at;
}

/// What Puppet's settings parser strips from the end of a line and a value.
std::string trimmed_end(const std::string& text) {
  return std::string(text::trimmed_end(text, " \t\r\f\v"));
}

class Reader {
 public:
  explicit Reader(std::shared_ptr<const lang::SourceFile> file) { conf_.file = std::move(file); }

  PuppetConf read() {
    std::istringstream in(conf_.file->text);
    std::size_t line_number = 0;
    for (std::string line; std::getline(in, line); ++line_number) read_line(line, line_number);
    return std::move(conf_);
  }

 private:
  [[noreturn]] void fail(std::size_t line, std::size_t column, std::size_t length,
                         const std::string& message) const {
    throw ConfigError(lang::render_error_at(conf_.file, line, column, length, message));
  }

  void read_line(const std::string& raw, std::size_t line) {
    const std::string text = trimmed_end(raw);
    const std::size_t start = skip_blanks(text, 0);
    if (start == text.size() || text[start] == '#') return;
    if (text[start] == '[') {
      std::size_t end = skip_word(text, start + 1);
      if (end > start + 1 && end + 1 == text.size() && text[end] == ']')
        return enter_section(text.substr(start + 1, end - start - 1), line, start);
    }
    std::size_t name_end = skip_word(text, start);
    std::size_t equals = skip_blanks(text, name_end);
    if (name_end == start || equals == text.size() || text[equals] != '=')
      fail(line, start, text.size() - start, "Could not match line " + raw);
    std::size_t value_start = skip_blanks(text, equals + 1);
    ConfSetting setting{text.substr(start, name_end - start), text.substr(value_start), line,
                        value_start};
    translate(setting);
    setting.value = without_file_metadata(setting);
    section().settings.push_back(std::move(setting));
  }

  void enter_section(const std::string& name, std::size_t line, std::size_t column) {
    bool allowed = false;
    for (const char* section : kAllowedSections) allowed = allowed || name == section;
    if (!allowed)
      fail(line, column, name.size() + 2,
           "Illegal section '" + name +
               "' in config file. The only valid puppet.conf sections are: [main, server, master, "
               "agent, user]. Please use the directory environments feature to specify "
               "environments.");
    current_ = name;
  }

  PuppetConf::Section& section() {
    for (PuppetConf::Section& section : conf_.sections)
      if (section.name == current_) return section;
    conf_.sections.push_back({current_, {}});
    return conf_.sections.back();
  }

  /// As Puppet's value translator: `TRUE`/`False` in any case are the booleans; otherwise a
  /// quote that opens or closes the value is dropped ("x" is x).
  static void translate(ConfSetting& setting) {
    std::string lower = setting.value;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "true" || lower == "false") {
      setting.value = lower;
      return;
    }
    if (!setting.value.empty() && (setting.value.front() == '"' || setting.value.front() == '\'')) {
      setting.value.erase(0, 1);
      ++setting.value_column;
    }
    if (!setting.value.empty() && (setting.value.back() == '"' || setting.value.back() == '\''))
      setting.value.pop_back();
    setting.value = trimmed_end(setting.value);
  }

  /// Puppet reads `{owner = x, group = y, mode = 644}` in a value as the file's metadata and
  /// drops it from the value; marionette manages no setting's file, so it is checked and dropped.
  std::string without_file_metadata(const ConfSetting& setting) const {
    const std::string& value = setting.value;
    std::size_t open = value.find('{');
    if (open == std::string::npos) return value;
    std::size_t close = value.find('}', open + 1);
    if (close == std::string::npos || close == open + 1) return value;
    std::stringstream params(value.substr(open + 1, close - open - 1));
    for (std::string param; std::getline(params, param, ',');) {
      std::size_t key_start = skip_blanks(param, 0);
      std::size_t key_end = skip_word(param, key_start);
      std::size_t equals = skip_blanks(param, key_end);
      std::size_t word_start = equals < param.size() ? skip_blanks(param, equals + 1) : equals;
      std::size_t word_end = skip_word(param, word_start);
      if (key_end == key_start || equals == param.size() || param[equals] != '=' ||
          word_end == word_start || skip_blanks(param, word_end) != param.size())
        fail(setting.line, setting.value_column, value.size(), "Could not parse '" + value + "'");
      std::string key = param.substr(key_start, key_end - key_start);
      std::string word = param.substr(word_start, word_end - word_start);
      if (key != "owner" && key != "group" && key != "mode")
        fail(setting.line, setting.value_column + open, close - open + 1,
             "Invalid file option '" + key + "'");
      if (key == "mode" && word.find_first_not_of("0123456789") != std::string::npos)
        fail(setting.line, setting.value_column + open, close - open + 1,
             "File modes must be numbers");
    }
    return trimmed_end(value.substr(0, open) + value.substr(close + 1));
  }

  PuppetConf conf_;
  std::string current_ = "main";
};

}  // namespace

std::vector<std::string> sections_read_by(RunMode mode) {
  switch (mode) {
    case RunMode::user:
      return {"user", "main"};
    case RunMode::agent:
      return {"agent", "main"};
    case RunMode::server:
      return {"server", "master", "main"};
    case RunMode::main:
      break;
  }
  return {"main"};
}

const char* run_mode_name(RunMode mode) {
  switch (mode) {
    case RunMode::user:
      return "user";
    case RunMode::agent:
      return "agent";
    case RunMode::server:
      return "server";
    case RunMode::main:
      break;
  }
  return "user";
}

const ConfSetting* PuppetConf::find(const std::string& section, const std::string& name) const {
  for (const Section& candidate : sections) {
    if (candidate.name != section) continue;
    for (const ConfSetting& setting : candidate.settings)
      if (setting.name == name) return &setting;
  }
  return nullptr;
}

PuppetConf parse_puppet_conf(std::shared_ptr<const lang::SourceFile> file) {
  return Reader(std::move(file)).read();
}

PuppetConf read_puppet_conf(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError(path.string() + ": error: cannot read the configuration file");
  std::stringstream text;
  text << in.rdbuf();
  return parse_puppet_conf(std::make_shared<lang::SourceFile>(path.string(), text.str()));
}

}  // namespace marionette::config
