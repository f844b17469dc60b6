#include "ral/file_validation.hpp"

#include <unistd.h>

#include <ctime>
#include <random>

#include "ral/exec_command.hpp"
#include "ral/ruby_lines.hpp"

namespace marionette::ral {

namespace {

/// Dir::Tmpname's name: the prefix, the date, the pid and a random base-36 number.
std::string temporary_name(const std::string& path) {
  std::time_t now = std::time(nullptr);
  char date[16];
  std::strftime(date, sizeof date, "%Y%m%d", std::localtime(&now));
  std::random_device seed;
  std::uint32_t number = std::uniform_int_distribution<std::uint32_t>()(seed);
  std::string digits;
  do {
    digits.insert(digits.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[number % 36]);
    number /= 36;
  } while (number != 0);
  return path + date + "-" + std::to_string(::getpid()) + "-" + digits;
}

std::string replaced_all(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) {
    text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace

std::optional<std::string> validate_file_content(Host host, const std::string& path,
                                                 const std::string& content,
                                                 const FileAttributes& attributes,
                                                 const FileValidation& validation) {
  const std::string temporary = temporary_name(path);
  IoResult written = host.files->write_atomic(temporary, content, attributes);
  if (!written.ok) return written.error + " @ rb_sysopen - " + temporary;
  const std::string command = replaced_all(validation.command, validation.replacement, temporary);
  CommandRequest request;
  request.argv = exec_command::argv(command);
  CommandResult result = host.commands->run(request);
  host.files->remove(temporary, false);
  if (!result.error.empty()) return result.error;
  if (result.timed_out || result.exit_code != 0) {
    return "Execution of '" + command + "' returned " + std::to_string(result.exit_code) + ": " +
           stripped(result.output);
  }
  return std::nullopt;
}

}  // namespace marionette::ral
