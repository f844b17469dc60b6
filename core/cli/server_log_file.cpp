#include "cli/server_log_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>

namespace marionette::cli {

ServerLogFile::ServerLogFile(const std::string& logdest) {
  if (logdest.empty() || logdest == "console" || logdest == "syslog") return;
  path_ = logdest;
  reopen();
}

void ServerLogFile::reopen() {
  if (!path_) return;
  const int fd = ::open(path_->c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
  if (fd < 0)
    throw std::runtime_error("cannot open the log file " + path_->string() + ": " +
                             std::strerror(errno));
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  // Both at once: a line written from now on lands in the new file.
  ::dup2(fd, STDOUT_FILENO);
  ::dup2(fd, STDERR_FILENO);
  ::close(fd);
}

}  // namespace marionette::cli
