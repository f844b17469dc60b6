#include "ral/crontab_command.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>

#include "ral/parsed_file_text.hpp"

namespace marionette::ral {

namespace {

std::string command_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const auto& word : argv) line += (line.empty() ? "" : " ") + word;
  return line;
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

/// A file name in the temp directory no other process picks: pid, time and a counter.
std::string fresh_temp_path() {
  static std::atomic<unsigned> counter{0};
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  std::error_code ignored;
  std::filesystem::path dir = std::filesystem::temp_directory_path(ignored);
  if (dir.empty()) dir = "/tmp";
  return (dir / ("marionette-crontab-" + std::to_string(::getpid()) + "-" + std::to_string(now) +
                 "-" + std::to_string(++counter)))
      .string();
}

}  // namespace

std::string running_user_name(Accounts& accounts) {
  return accounts.user_name(::geteuid()).value_or("root");
}

std::vector<std::string> crontab_users(Host host, const std::string& running_user) {
  static const std::string kCrontabDir = "/var/spool/cron/crontabs";
  std::vector<std::string> users = {running_user};
  for (const auto& name :
       host.files->list_directory(kCrontabDir).value_or(std::vector<std::string>{})) {
    if (name.starts_with(".keep_") || name == running_user) continue;
    std::optional<FileInfo> info = host.files->lstat(kCrontabDir + "/" + name);
    if (info && info->kind == FileInfo::Kind::file) users.push_back(name);
  }
  return users;
}

CommandResult CrontabCommand::run(const std::string& user, const std::string& last_argument) {
  CommandRequest request;
  request.argv = {"crontab"};
  if (user != running_user_) request.argv.insert(request.argv.end(), {"-u", user});
  request.argv.push_back(last_argument);
  request.timeout = std::chrono::seconds(60);
  CommandResult result = host_.commands->run(request);
  if (result.error.empty() && result.exit_code != 0) {
    result.error = "Execution of '" + command_line(request.argv) + "' returned " +
                   std::to_string(result.exit_code) + ": " + trimmed(result.output);
  }
  return result;
}

std::optional<std::string> CrontabCommand::read(const std::string& user, std::string& error) {
  if (!host_.accounts->user(user)) return std::string();  // Puppet: treated as empty
  CommandResult result = run(user, "-l");
  if (result.error.empty()) return without_puppet_header(result.output);
  if (result.output.find("no crontab for") != std::string::npos) return std::string();
  if (result.output.find("are not allowed to") != std::string::npos) return std::string();
  error = "Could not read crontab for " + user + ": " + result.error;
  return std::nullopt;
}

std::optional<std::string> CrontabCommand::write(const std::string& user, const std::string& text) {
  if (!host_.accounts->user(user))
    return "Cannot write the " + user + " user's crontab: The user does not exist";
  const std::string path = fresh_temp_path();
  IoResult written = host_.files->write_atomic(path, text, {0600, std::nullopt, std::nullopt});
  if (!written.ok) return "Could not write crontab for " + user + ": " + written.error;
  CommandResult result = run(user, path);
  host_.files->remove(path, false);
  if (!result.error.empty()) return "Could not write crontab for " + user + ": " + result.error;
  return std::nullopt;
}

}  // namespace marionette::ral
