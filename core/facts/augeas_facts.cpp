#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "augeas/module_loader.hpp"
#include "facts/native_parts.hpp"

/// augeas.version as Facter 4 resolves it: the version `augparse --version` prints ("augparse
/// 1.14.0 <http://augeas.net/>"), else the library's /augeas/version (Facter asks ruby-augeas;
/// we ask libaugeas through marionette-augeas.so, so the main binary never loads libaugeas
/// itself). augparse costs 3-4 ms of CPU, most of it loading ICU, so its
/// answer is kept in a cache file keyed by the binary's identity (device, inode, size, mtime,
/// ctime): it runs again only when augparse changes.
namespace marionette::facts::native {
namespace {

namespace fs = std::filesystem;

std::string find_in_path(const std::string& path_env, const char* program) {
  for (std::size_t start = 0; start <= path_env.size();) {
    std::size_t colon = path_env.find(':', start);
    if (colon == std::string::npos) colon = path_env.size();
    std::string dir = path_env.substr(start, colon - start);
    if (dir.empty()) dir = ".";
    const std::string candidate = dir + "/" + program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = colon + 1;
  }
  return "";
}

/// What identifies one build of the binary: its version cannot change while these stay the same.
std::string identity_of(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return "";
  return path + " " + std::to_string(info.st_dev) + " " + std::to_string(info.st_ino) + " " +
         std::to_string(info.st_size) + " " + std::to_string(info.st_mtim.tv_sec) + "." +
         std::to_string(info.st_mtim.tv_nsec) + " " + std::to_string(info.st_ctim.tv_sec) + "." +
         std::to_string(info.st_ctim.tv_nsec);
}

/// The version libaugeas reports at /augeas/version, with nothing loaded (the value does not
/// depend on lenses or files), asked through marionette-augeas.so. "" when the module or
/// libaugeas is not installed.
std::string library_augeas_version() {
  std::string why_not;
  const marionette_augeas_module* module = marionette::augeas::load_module(why_not);
  if (!module) return "";
  constexpr unsigned kNoStdinc = 8;  // augeas.h's AUG_NO_STDINC
  marionette_augeas_tree* tree = module->open(
      "/", "", kNoStdinc | MARIONETTE_AUGEAS_NO_LOAD | MARIONETTE_AUGEAS_NO_MODULE_AUTOLOAD);
  if (!tree) return "";
  std::string version;
  auto assign = [](void* context, const char* data, std::size_t size) {
    static_cast<std::string*>(context)->assign(data, size);
  };
  module->get(tree, "/augeas/version", assign, &version);
  module->close(tree);
  return version;
}

void write_cache(const fs::path& cache_file, const std::string& key, const std::string& version) {
  std::error_code error;
  fs::create_directories(cache_file.parent_path(), error);
  const std::string temporary = cache_file.string() + "." + std::to_string(::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return;
  const std::string text = key + "\n" + version + "\n";
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (!written || ::rename(temporary.c_str(), cache_file.c_str()) != 0) {
    ::unlink(temporary.c_str());
  }
}

fs::path default_cache_file() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    return fs::path(xdg) / "marionette" / "augeas-version";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return fs::path(home) / ".cache" / "marionette" / "augeas-version";
  }
  return {};
}

}  // namespace

std::string augeas_version_from_output(std::string_view output) {
  for (std::size_t start = 0; start < output.size();) {
    std::size_t end = output.find('\n', start);
    if (end == std::string_view::npos) end = output.size();
    std::string_view line = output.substr(start, end - start);
    start = end + 1;
    if (!line.starts_with("augparse ")) continue;
    line.remove_prefix(9);
    // \d+\.\d+\.\d+ at the start of what follows
    std::size_t at = 0;
    int numbers = 0;
    while (numbers < 3) {
      const std::size_t digits_start = at;
      while (at < line.size() && line[at] >= '0' && line[at] <= '9') ++at;
      if (at == digits_start) break;
      if (++numbers < 3) {
        if (at >= line.size() || line[at] != '.') break;
        ++at;
      }
    }
    if (numbers == 3) return std::string(line.substr(0, at));
  }
  return "";
}

std::string augeas_version(const std::string& path_env, const fs::path& cache_file) {
  const std::string augparse = find_in_path(path_env, "augparse");
  if (!augparse.empty()) {
    const std::string key = identity_of(augparse);
    if (!cache_file.empty() && !key.empty()) {
      const std::string cached = read_text(cache_file.c_str());
      const auto newline = cached.find('\n');
      if (newline != std::string::npos && cached.compare(0, newline, key) == 0) {
        const std::string version = trim_text(cached.substr(newline + 1));
        if (!version.empty()) return version;
      }
    }
    const std::string version =
        augeas_version_from_output(command_output({augparse, "--version"}, true));
    if (!version.empty()) {
      if (!cache_file.empty() && !key.empty()) write_cache(cache_file, key, version);
      return version;
    }
  }
  return library_augeas_version();
}

void add_augeas_facts(Facts& facts) {
  const char* path = std::getenv("PATH");
  const std::string version = augeas_version(path ? path : "", default_cache_file());
  if (version.empty()) return;
  facts["augeas"] = {{"version", version}};
  facts["augeasversion"] = version;
}

}  // namespace marionette::facts::native
