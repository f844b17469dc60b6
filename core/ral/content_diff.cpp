#include "ral/content_diff.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <random>

#include "lang/utf8.hpp"
#include "ral/unified_diff.hpp"

namespace marionette::ral {

namespace {

/// Ruby's Dir.tmpdir: $TMPDIR when set, else /tmp.
std::string temporary_dir() {
  const char* dir = std::getenv("TMPDIR");
  std::string text = dir && *dir ? dir : "/tmp";
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

/// Ruby's Tempfile name for the prefix "puppet-file": the date, the pid and a random number
/// below 2^32 in base 36.
std::string tempfile_name(std::time_t now) {
  std::tm local{};
  localtime_r(&now, &local);
  char date[16];
  std::strftime(date, sizeof date, "%Y%m%d", &local);
  std::random_device device;
  std::uint64_t number = std::uniform_int_distribution<std::uint64_t>(0, 0xffffffffULL)(device);
  std::string base36;
  do {
    base36.insert(base36.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[number % 36]);
    number /= 36;
  } while (number != 0);
  return temporary_dir() + "/puppet-file" + date + "-" + std::to_string(::getpid()) + "-" + base36;
}

}  // namespace

std::string content_diff(const std::string& path, const FileInfo& info, const std::string& current,
                         const std::string& wanted) {
  auto now = std::chrono::system_clock::now().time_since_epoch();
  auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now);
  auto nanoseconds = std::chrono::duration_cast<std::chrono::nanoseconds>(now - seconds);
  const std::string temporary = tempfile_name(static_cast<std::time_t>(seconds.count()));
  const std::string binary = "Binary files " + path + " and " + temporary + " differ";
  if (current.find('\0') != std::string::npos || wanted.find('\0') != std::string::npos)
    return binary;
  std::string diff = diff_header("---", path, info.mtime, info.mtime_nanoseconds) + "\n" +
                     diff_header("+++", temporary, seconds.count(), nanoseconds.count()) + "\n" +
                     unified_hunks(current, wanted);
  if (lang::first_invalid_utf8(diff)) return binary;
  if (!diff.empty() && diff.back() == '\n') diff.pop_back();
  return diff;
}

}  // namespace marionette::ral
