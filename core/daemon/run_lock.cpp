#include "daemon/run_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace marionette::daemon {

namespace {

std::optional<pid_t> pid_in(int fd) {
  char text[32] = {};
  ssize_t got = ::pread(fd, text, sizeof text - 1, 0);
  if (got <= 0) return std::nullopt;
  char* end = nullptr;
  long pid = std::strtol(text, &end, 10);
  if (end == text || pid <= 0) return std::nullopt;
  return static_cast<pid_t>(pid);
}

/// True when `fd` is still the file at `path`: a holder that released the lock removed the
/// file first, so a lock taken on the old, unlinked file is no lock at all.
bool still_at_path(int fd, const std::filesystem::path& path) {
  struct stat opened {};
  struct stat named {};
  if (::fstat(fd, &opened) != 0 || ::stat(path.c_str(), &named) != 0) return false;
  return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino;
}

}  // namespace

RunLock::RunLock(RunLock&& other) noexcept : path_(std::move(other.path_)), fd_(other.fd_) {
  other.fd_ = -1;
}

RunLock& RunLock::operator=(RunLock&& other) noexcept {
  if (this != &other) {
    release();
    path_ = std::move(other.path_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

RunLock::~RunLock() {
  release();
}

void RunLock::release() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());
  ::close(fd_);
  fd_ = -1;
}

std::optional<RunLock> RunLock::try_acquire(const std::filesystem::path& path,
                                            std::optional<pid_t>* holder) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
      throw std::runtime_error("cannot create the run lock " + path.string() + ": " +
                               std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      int error = errno;
      if (error != EWOULDBLOCK) {
        ::close(fd);
        throw std::runtime_error("cannot lock " + path.string() + ": " + std::strerror(error));
      }
      // The holder writes its pid right after taking the lock: give it a moment to.
      std::optional<pid_t> pid = pid_in(fd);
      for (int wait = 0; !pid && wait < 20; ++wait) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        pid = pid_in(fd);
      }
      ::close(fd);
      if (holder) *holder = pid;
      return std::nullopt;
    }
    if (!still_at_path(fd, path)) {  // released and removed meanwhile: try the new file
      ::close(fd);
      continue;
    }
    std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) != 0 ||
        ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
      int error = errno;
      ::unlink(path.c_str());
      ::close(fd);
      throw std::runtime_error("cannot write the run lock " + path.string() + ": " +
                               std::strerror(error));
    }
    return RunLock(path, fd);
  }
  throw std::runtime_error("cannot take the run lock " + path.string() +
                           ": it keeps being replaced");
}

std::filesystem::path run_lock_path(const std::filesystem::path& state_dir) {
  return state_dir / "agent_catalog_run.lock";
}

std::string lock_busy_message(const std::filesystem::path& path, std::optional<pid_t> holder) {
  std::string who = holder ? " (pid " + std::to_string(*holder) + ")" : "";
  // Puppet's words, two spaces included.
  return "Run of marionette already in progress" + who + "; skipping  (" + path.string() +
         " exists)";
}

std::optional<RunLock> acquire_run_lock(
    const std::filesystem::path& path, std::chrono::seconds retry_every,
    std::chrono::seconds max_wait,
    const std::function<void(const std::string&, const std::string&)>& log,
    const std::function<bool()>& interrupted) {
  const auto deadline = std::chrono::steady_clock::now() + max_wait;
  for (;;) {
    std::optional<pid_t> holder;
    if (auto lock = RunLock::try_acquire(path, &holder)) return lock;
    if (retry_every.count() <= 0) {
      log("notice", lock_busy_message(path, holder));
      return std::nullopt;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      log("notice", "Exiting now because the maxwaitforlock timeout has been exceeded.");
      return std::nullopt;
    }
    log("info", "Another marionette instance" +
                    (holder ? " (pid " + std::to_string(*holder) + ")" : std::string()) +
                    " is already running; --waitforlock flag used, waiting for running "
                    "instance to finish.");
    log("info", "Will try again in " + std::to_string(retry_every.count()) + " seconds.");
    const auto retry_at = std::min(std::chrono::steady_clock::now() + retry_every, deadline);
    while (std::chrono::steady_clock::now() < retry_at) {
      if (interrupted && interrupted()) return std::nullopt;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
}

}  // namespace marionette::daemon
