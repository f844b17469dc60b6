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

namespace {

struct DiffSide {
  const std::string& path;
  std::int64_t seconds;
  std::int64_t nanoseconds;
  const std::string& text;
};

/// GNU diff's output for two sides, without its final newline.
std::string unified_diff(const DiffSide& old_side, const DiffSide& new_side) {
  const std::string binary = "Binary files " + old_side.path + " and " + new_side.path + " differ";
  if (old_side.text.find('\0') != std::string::npos ||
      new_side.text.find('\0') != std::string::npos)
    return binary;
  std::string diff =
      diff_header("---", old_side.path, old_side.seconds, old_side.nanoseconds) + "\n" +
      diff_header("+++", new_side.path, new_side.seconds, new_side.nanoseconds) + "\n" +
      unified_hunks(old_side.text, new_side.text);
  if (lang::first_invalid_utf8(diff)) return binary;
  if (!diff.empty() && diff.back() == '\n') diff.pop_back();
  return diff;
}

}  // namespace

std::string content_diff(const std::string& path, const FileInfo& info, const std::string& current,
                         const std::string& wanted) {
  auto now = std::chrono::system_clock::now().time_since_epoch();
  auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now);
  auto nanoseconds = std::chrono::duration_cast<std::chrono::nanoseconds>(now - seconds);
  const std::string temporary = tempfile_name(static_cast<std::time_t>(seconds.count()));
  return unified_diff({path, info.mtime, info.mtime_nanoseconds, current},
                      {temporary, seconds.count(), nanoseconds.count(), wanted});
}

std::string files_diff(FileSystem& files, const std::string& old_path,
                       const std::string& new_path) {
  const FileInfo old_info = files.stat(old_path).value_or(FileInfo{});
  const FileInfo new_info = files.stat(new_path).value_or(FileInfo{});
  std::string old_text;
  std::string new_text;
  files.read(old_path, old_text);
  files.read(new_path, new_text);
  return unified_diff({old_path, old_info.mtime, old_info.mtime_nanoseconds, old_text},
                      {new_path, new_info.mtime, new_info.mtime_nanoseconds, new_text});
}

}  // namespace marionette::ral
