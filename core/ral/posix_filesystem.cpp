#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "ral/posix_host.hpp"

namespace marionette::ral {

namespace {

IoResult from_errno(const std::string& path) {
  return IoResult::failure(std::string(std::strerror(errno)) + " - " + path);
}

bool write_all(int fd, const std::string& content) {
  const char* data = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    ssize_t written = ::write(fd, data, left);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += written;
    left -= static_cast<std::size_t>(written);
  }
  return true;
}

/// Makes a directory's entries (such as a rename) durable; best effort.
void sync_directory(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

FileInfo file_info(const struct stat& st) {
  FileInfo info;
  if (S_ISREG(st.st_mode)) {
    info.kind = FileInfo::Kind::file;
  } else if (S_ISDIR(st.st_mode)) {
    info.kind = FileInfo::Kind::directory;
  } else if (S_ISLNK(st.st_mode)) {
    info.kind = FileInfo::Kind::link;
  } else {
    info.kind = FileInfo::Kind::other;
  }
  info.mode = st.st_mode & 07777;
  info.uid = st.st_uid;
  info.gid = st.st_gid;
  info.mtime = st.st_mtim.tv_sec;
  info.mtime_nanoseconds = st.st_mtim.tv_nsec;
  info.ctime = st.st_ctim.tv_sec;
  return info;
}

}  // namespace

std::optional<FileInfo> PosixFileSystem::lstat(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return std::nullopt;
  return file_info(st);
}

std::optional<FileInfo> PosixFileSystem::stat(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return file_info(st);
}

std::optional<std::vector<std::string>> PosixFileSystem::list_directory(const std::string& path) {
  DIR* dir = ::opendir(path.c_str());
  if (!dir) return std::nullopt;
  std::vector<std::string> names;
  while (const dirent* entry = ::readdir(dir)) {
    std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(std::move(name));
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

bool PosixFileSystem::exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

IoResult PosixFileSystem::read(const std::string& path, std::string& content) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return from_errno(path);
  content.clear();
  char buffer[65536];
  for (;;) {
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      IoResult failed = from_errno(path);
      ::close(fd);
      return failed;
    }
    if (got == 0) break;
    content.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return IoResult::success();
}

namespace {

/// `.NAME.mrnt-XXXXXX`: write_atomic's temporary for NAME.
bool is_write_temporary(const std::string& name) {
  constexpr std::string_view kInfix = ".mrnt-";
  if (name.size() < 1 + 1 + kInfix.size() + 6 || name.front() != '.') return false;
  return name.compare(name.size() - 6 - kInfix.size(), kInfix.size(), kInfix) == 0;
}

}  // namespace

void PosixFileSystem::sweep_stale_temporaries(const std::string& dir) {
  {
    std::lock_guard guard(swept_mutex_);
    if (!swept_dirs_.insert(dir).second) return;
  }
  // A write killed between its temporary and the rename left the temporary behind; runs are
  // serialised by the run lock, so no temporary here belongs to a write in progress.
  DIR* listing = ::opendir(dir.c_str());
  if (!listing) return;
  while (const dirent* entry = ::readdir(listing)) {
    const std::string name = entry->d_name;
    if (!is_write_temporary(name)) continue;
    struct stat info {};
    if (::fstatat(::dirfd(listing), name.c_str(), &info, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISREG(info.st_mode))
      ::unlinkat(::dirfd(listing), name.c_str(), 0);
  }
  ::closedir(listing);
}

IoResult PosixFileSystem::write_atomic(const std::string& path, const std::string& content,
                                       const FileAttributes& attributes) {
  std::filesystem::path target(path);
  std::string dir = target.parent_path().string();
  if (dir.empty()) dir = ".";
  sweep_stale_temporaries(dir);
  std::string temp = (target.parent_path() / ("." + target.filename().string() + ".mrnt-XXXXXX"));
  int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) return from_errno(path);
  auto fail = [&](const std::string& where) {
    IoResult failed = from_errno(where);
    ::close(fd);
    ::unlink(temp.c_str());
    return failed;
  };
  if (!write_all(fd, content)) return fail(path);
  if (::fchmod(fd, attributes.mode) != 0) return fail(path);
  if (attributes.uid || attributes.gid) {
    uid_t uid = attributes.uid ? *attributes.uid : static_cast<uid_t>(-1);
    gid_t gid = attributes.gid ? *attributes.gid : static_cast<gid_t>(-1);
    if (::fchown(fd, uid, gid) != 0) return fail(path);
  }
  if (::fsync(fd) != 0) return fail(path);
  if (::close(fd) != 0) {
    ::unlink(temp.c_str());
    return from_errno(path);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    IoResult failed = from_errno(path);
    ::unlink(temp.c_str());
    return failed;
  }
  sync_directory(dir);
  return IoResult::success();
}

IoResult PosixFileSystem::make_directory(const std::string& path, unsigned mode) {
  if (::mkdir(path.c_str(), mode) != 0) return from_errno(path);
  // mkdir(2) applies the umask; the manifest's mode wins.
  if (::chmod(path.c_str(), mode) != 0) return from_errno(path);
  return IoResult::success();
}

IoResult PosixFileSystem::remove(const std::string& path, bool recursive) {
  if (recursive) {
    std::error_code error;
    std::filesystem::remove_all(path, error);
    if (error) return IoResult::failure(error.message() + " - " + path);
    return IoResult::success();
  }
  if (::unlink(path.c_str()) != 0) return from_errno(path);
  return IoResult::success();
}

IoResult PosixFileSystem::change_mode(const std::string& path, unsigned mode) {
  if (::chmod(path.c_str(), mode) != 0) return from_errno(path);
  return IoResult::success();
}

IoResult PosixFileSystem::change_owner(const std::string& path, std::optional<uid_t> uid,
                                       std::optional<gid_t> gid) {
  uid_t u = uid ? *uid : static_cast<uid_t>(-1);
  gid_t g = gid ? *gid : static_cast<gid_t>(-1);
  if (::lchown(path.c_str(), u, g) != 0) return from_errno(path);
  return IoResult::success();
}

bool PosixFileSystem::is_executable_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  return ::access(path.c_str(), X_OK) == 0;
}

IoResult PosixFileSystem::make_symlink(const std::string& target, const std::string& path) {
  if (::symlink(target.c_str(), path.c_str()) != 0) return from_errno(path);
  return IoResult::success();
}

std::optional<std::string> PosixFileSystem::read_link(const std::string& path) {
  std::string buffer(4096, '\0');
  ssize_t length = ::readlink(path.c_str(), buffer.data(), buffer.size());
  if (length < 0) return std::nullopt;
  buffer.resize(static_cast<std::size_t>(length));
  return buffer;
}

}  // namespace marionette::ral
