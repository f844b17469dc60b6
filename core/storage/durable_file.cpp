#include "storage/durable_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace marionette::storage {
namespace {

bool fail(std::string* error, const std::string& what, const std::filesystem::path& path) {
  if (error) *error = what + " " + path.string() + ": " + std::strerror(errno);
  return false;
}

/// Writes all of `data`, retrying short writes and EINTR.
bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t written = ::write(fd, data.data(), data.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) return false;
    data.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

bool fsync_directory_of(const std::filesystem::path& path, std::string* error) {
  std::filesystem::path dir = path.parent_path();
  if (dir.empty()) dir = ".";
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return fail(error, "cannot open directory", dir);
  bool ok = ::fsync(fd) == 0;
  if (!ok) fail(error, "cannot fsync directory", dir);
  ::close(fd);
  return ok;
}

/// True when the file is non-empty and its last byte is not a newline.
bool ends_in_torn_record(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size == 0) return false;
  char last = '\n';
  return ::pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n';
}

}  // namespace

bool read_file(const std::filesystem::path& path, std::string* content, std::string* error) {
  content->clear();
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno == ENOENT ? true : fail(error, "cannot open", path);
  char buffer[8192];
  ssize_t got = 0;
  while ((got = ::read(fd, buffer, sizeof buffer)) != 0) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) break;
    content->append(buffer, static_cast<std::size_t>(got));
  }
  bool ok = got == 0;
  if (!ok) fail(error, "cannot read", path);
  ::close(fd);
  return ok;
}

bool write_file_atomically(const std::filesystem::path& path, std::string_view content,
                           std::string* error, Durability durability) {
  std::filesystem::path temp = path;
  temp += ".tmp." + std::to_string(::getpid());
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return fail(error, "cannot create", temp);
  bool ok = write_all(fd, content) && ::fsync(fd) == 0;
  if (!ok) fail(error, "cannot write", temp);
  ::close(fd);
  if (ok && ::rename(temp.c_str(), path.c_str()) != 0) ok = fail(error, "cannot replace", path);
  if (!ok) {
    ::unlink(temp.c_str());
    return false;
  }
  return durability == Durability::file_data || fsync_directory_of(path, error);
}

bool append_record(const std::filesystem::path& path, std::string_view record, std::string* error) {
  bool existed = std::filesystem::exists(path);
  int fd = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return fail(error, "cannot open", path);
  std::string line;
  if (ends_in_torn_record(fd)) line += '\n';
  line.append(record);
  line += '\n';
  bool ok = write_all(fd, line) && ::fsync(fd) == 0;
  if (!ok) fail(error, "cannot append to", path);
  ::close(fd);
  if (ok && !existed) return fsync_directory_of(path, error);
  return ok;
}

}  // namespace marionette::storage
