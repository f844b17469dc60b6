#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include "facts/native_parts.hpp"
#include "text/text.hpp"

namespace marionette::facts::native {
namespace {

/// Appends an open descriptor's text to its end with read(2) through a stack buffer, then
/// closes it; false when a read failed (what came before it is kept).
bool read_to_end_and_close(int fd, std::string& text) {
  char buffer[8192];
  ssize_t n;
  while ((n = ::read(fd, buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<std::size_t>(n));
  ::close(fd);
  return n == 0;
}

std::string read_all_and_close(int fd) {
  std::string text;
  if (fd >= 0) read_to_end_and_close(fd, text);
  return text;
}

}  // namespace

std::optional<std::string> read_file(const char* path) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  std::string text;
  if (fd < 0 || !read_to_end_and_close(fd, text)) return std::nullopt;
  return text;
}

std::string read_text(const char* path) {
  return read_all_and_close(::open(path, O_RDONLY | O_CLOEXEC));
}

std::string read_text_at(int dir_fd, const char* relative_path) {
  return read_all_and_close(::openat(dir_fd, relative_path, O_RDONLY | O_CLOEXEC));
}

std::string trim_text(std::string_view text) {
  return std::string(text::trimmed(text, " \t\r\n"));
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  const char* blank = " \t\r\n";
  for (std::size_t start = line.find_first_not_of(blank); start != std::string_view::npos;) {
    std::size_t end = line.find_first_of(blank, start);
    if (end == std::string_view::npos) end = line.size();
    words.push_back(line.substr(start, end - start));
    start = line.find_first_not_of(blank, end);
  }
  return words;
}

std::vector<DirectoryEntry> list_directory(const char* path) {
  std::vector<DirectoryEntry> entries;
  DIR* dir = ::opendir(path);
  if (!dir) return entries;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string_view name = entry->d_name;
    if (name == "." || name == "..") continue;
    entries.push_back({std::string(name), entry->d_type});
  }
  ::closedir(dir);
  return entries;
}

}  // namespace marionette::facts::native
