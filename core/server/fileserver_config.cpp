#include "server/fileserver_config.hpp"

#include <unistd.h>

#include <fstream>
#include <regex>
#include <set>
#include <stdexcept>

namespace marionette::server {

namespace fs = std::filesystem;

namespace {

bool builtin_mount(const std::string& name) {
  return name == "modules" || name == "plugins" || name == "locales" || name == "scripts" ||
         name == "tasks";
}

std::string at(const fs::path& file, int line) {
  return "(file: " + file.string() + ", line: " + std::to_string(line) + ")";
}

}  // namespace

fs::path DirectoryMount::directory_for(const std::string& certname) const {
  if (!expandable) return path;
  const std::size_t dot = certname.find('.');
  const std::string host = certname.substr(0, dot);
  const std::string domain = dot == std::string::npos ? certname : certname.substr(dot + 1);
  std::string out;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] != '%' || i + 1 == path.size()) {
      out += path[i];
      continue;
    }
    const char key = path[++i];
    if (key == '%')
      out += '%';
    else if (key == 'H')
      out += certname;
    else if (key == 'h')
      out += host;
    else if (key == 'd')
      out += domain;
    else
      out += std::string("%") + key;
  }
  return out;
}

std::map<std::string, DirectoryMount> read_fileserver_config(
    const fs::path& file, const std::function<void(const std::string&)>& log) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("Cannot read file server configuration " + file.string());
  static const std::regex comment(R"(^\s*#.*)"), blank(R"(^\s*$)"), section(R"(\[([-\w]+)\])"),
      entry(R"(^\s*(\w+)\s+(.+?)(\s*#.*)?$)");
  std::map<std::string, DirectoryMount> mounts;
  std::set<std::string> named;  // every [name], the built-in ones too
  std::optional<std::string> current;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::smatch match;
    if (std::regex_match(line, comment) || std::regex_match(line, blank)) continue;
    if (std::regex_search(line, match, section)) {
      const std::string name = match[1];
      if (!named.insert(name).second)
        throw std::runtime_error(name + " is already mounted at " + name + " " + at(file, number));
      current = name;
      if (!builtin_mount(name)) mounts[name] = DirectoryMount{};
      continue;
    }
    if (!std::regex_match(line, match, entry))
      throw std::runtime_error("Invalid entry " + at(file, number) + ": '" + line + "'");
    const std::string keyword = match[1];
    std::string value = match[2];
    if (value.front() == '=')
      throw std::runtime_error("Fileserver configuration file does not use '=' as a separator");
    if (keyword == "allow" || keyword == "deny") {
      if (keyword != "allow" || value != "*")
        log("Error: Entry '" + line + "' is unsupported and will be ignored at " + file.string() +
            ":" + std::to_string(number));
      continue;
    }
    if (keyword != "path")
      throw std::runtime_error("Invalid argument '" + keyword + "' " + at(file, number));
    if (!current) throw std::runtime_error("path outside a mount " + at(file, number));
    if (builtin_mount(*current)) {
      log("Warning: The '" + *current + "' module can not have a path. Ignoring attempt to set it");
      continue;
    }
    DirectoryMount& mount = mounts[*current];
    mount.path = value;
    mount.expandable = value.find('%') != std::string::npos && value.find('%') + 1 < value.size();
    if (mount.expandable) continue;
    std::error_code error;
    std::string why;
    if (!fs::is_directory(value, error))
      why = value + " does not exist or is not a directory";
    else if (::access(value.c_str(), R_OK) != 0)
      why = value + " is not readable";
    if (!why.empty()) {
      log("Error: Removing mount \"" + *current + "\": " + why);
      mounts.erase(*current);
    }
  }
  for (const auto& [name, mount] : mounts)
    if (mount.path.empty()) throw std::runtime_error("Mounts without paths are not usable");
  return mounts;
}

FileServerConfig::FileServerConfig(fs::path file, std::function<void(const std::string&)> log)
    : file_(std::move(file)), log_(std::move(log)) {
  if (!log_) log_ = [](const std::string&) {};
}

std::map<std::string, DirectoryMount> FileServerConfig::mounts() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::error_code error;
  const auto time = fs::last_write_time(file_, error);
  if (error) return mounts_;  // no file: Puppet keeps what it had (none at first)
  const auto size = fs::file_size(file_, error);
  std::pair<fs::file_time_type, std::uintmax_t> stamp{time, error ? 0 : size};
  if (seen_ && *seen_ == stamp) return mounts_;
  seen_ = stamp;
  try {
    mounts_ = read_fileserver_config(file_, log_);
  } catch (const std::exception& e) {
    log_("Error: Error parsing fileserver configuration: " + std::string(e.what()) +
         "; using old configuration");
  }
  return mounts_;
}

}  // namespace marionette::server
