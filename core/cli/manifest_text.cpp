#include "cli/manifest_text.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>

#include "cli/arguments.hpp"

namespace marionette::cli {

ManifestText ManifestText::from_code(const std::string& code) {
  return ManifestText(code);
}

ManifestText ManifestText::from_stdin() {
  std::string code;
  char buffer[65536];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    code.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
    if (code.size() > kMaxBytes)
      throw UsageError("the manifest on standard input is larger than " +
                       std::to_string(kMaxBytes / (1024 * 1024)) + " MiB");
  }
  return ManifestText(code);
}

ManifestText::ManifestText(const std::string& code) {
  std::error_code error;
  std::filesystem::path tmp = std::filesystem::temp_directory_path(error);
  if (error) tmp = "/tmp";
  std::string pattern = (tmp / "marionette-apply.XXXXXX").string();
  if (!::mkdtemp(pattern.data()))
    throw std::runtime_error("cannot create a temporary directory in " + tmp.string());
  dir_ = pattern;
  path_ = dir_ / "code.pp";
  std::ofstream out(path_, std::ios::binary);
  out << code;
  if (!out.flush()) throw std::runtime_error("cannot write " + path_.string());
}

namespace {

void erase_all(std::string& text, const std::string& part) {
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at))
    text.erase(at, part.size());
}

}  // namespace

daemon::RunLog ManifestText::naming_no_file(daemon::RunLog log) const {
  return [log = std::move(log), path = path_.string()](const std::string& level,
                                                       const std::string& message) {
    if (message.find(path) == std::string::npos) return log(level, message);
    std::string said = message;
    erase_all(said, "file: " + path + ", ");
    erase_all(said, path + ":");
    log(level, said);
  };
}

ManifestText::ManifestText(ManifestText&& other) noexcept
    : dir_(std::move(other.dir_)), path_(std::move(other.path_)) {
  other.dir_.clear();
}

ManifestText::~ManifestText() {
  if (dir_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

}  // namespace marionette::cli
