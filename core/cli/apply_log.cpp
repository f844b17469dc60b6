#include "cli/apply_log.hpp"

#include <syslog.h>

#include <cstdio>
#include <ctime>
#include <memory>
#include <mutex>
#include <sstream>

#include "cli/arguments.hpp"
#include "text/text.hpp"

namespace marionette::cli {

namespace {

/// Puppet's levels in order; "diagnostic" (an error rendered with its caret) is an err.
int rank_of_level(const std::string& level) {
  if (level == "debug") return 0;
  if (level == "info") return 1;
  if (level == "notice") return 2;
  if (level == "warning") return 3;
  return 4;  // err, alert, crit, emerg, diagnostic
}

const char* label_of(const std::string& level) {
  if (level == "debug") return "Debug";
  if (level == "info") return "Info";
  if (level == "notice") return "Notice";
  if (level == "warning") return "Warning";
  if (level == "alert") return "Alert";
  if (level == "crit") return "Critical";
  if (level == "emerg") return "Emergency";
  return "Error";
}

/// The ANSI colours Puppet's console gives each level (checked against puppet apply 7.23).
const char* color_of(const std::string& level) {
  switch (rank_of_level(level)) {
    case 0:
      return "\033[0;36m";  // cyan
    case 1:
      return "\033[0;32m";  // green
    case 2:
      return "\033[m";  // the terminal's own
    case 3:
      return "\033[1;33m";  // bold yellow
    default:
      return "\033[1;31m";  // bold red
  }
}

int syslog_priority_of(const std::string& level) {
  static const int priorities[] = {LOG_DEBUG, LOG_INFO, LOG_NOTICE, LOG_WARNING, LOG_ERR};
  if (level == "alert") return LOG_ALERT;
  if (level == "crit") return LOG_CRIT;
  if (level == "emerg") return LOG_EMERG;
  return priorities[rank_of_level(level)];
}

/// Puppet's log files name the source of each line: the resource or property
/// ("/Stage[main]/Main/File[/x]/ensure"), the scope ("Scope(Class[main])"), else "Puppet".
std::pair<std::string, std::string> source_and_message(const std::string& message) {
  // A resource path's first element is a resource (`/Stage[main]`); a file's path is not
  // (Hiera's "/etc/…/common.yaml: file does not contain a valid yaml hash" is Puppet's).
  const bool resource_path = message.rfind('/', 0) == 0 && message.find('[') < message.find('/', 1);
  if (resource_path || message.rfind("Scope(", 0) == 0) {
    if (auto colon = message.find(": "); colon != std::string::npos)
      return {message.substr(0, colon), message.substr(colon + 2)};
  }
  return {"Puppet", message};
}

std::string local_timestamp() {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[64];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S %z", &local);
  return text;
}

class Destinations {
 public:
  explicit Destinations(const ApplyLogSettings& settings) : settings_(settings) {
    min_rank_ = rank_of_level(settings.level);
    for (const std::string& destination : settings.destinations) {
      if (destination == "console") {
        console_ = true;
      } else if (destination == "syslog") {
        syslog_ = true;
      } else {
        std::FILE* file = std::fopen(destination.c_str(), "a");
        if (!file) throw std::runtime_error("cannot open the log file " + destination);
        files_.emplace_back(file, &std::fclose);
      }
    }
    if (syslog_) ::openlog("marionette", LOG_PID, LOG_DAEMON);  // Puppet's syslogfacility
  }

  void log(const std::string& level, const std::string& message) {
    if (rank_of_level(level) < min_rank_) return;
    std::lock_guard<std::mutex> hold(mutex_);
    const bool rendered = level == "diagnostic";  // file:line:column: error: …, source, caret
    const std::string text = text::without_final_newlines(message);
    if (console_) {
      std::FILE* stream = rank_of_level(level) >= 3 ? stderr : stdout;
      std::string line = rendered ? text : std::string(label_of(level)) + ": " + text;
      if (settings_.color) line = color_of(level) + line + "\033[0m";
      std::fprintf(stream, "%s\n", line.c_str());
      std::fflush(stream);
    }
    if (syslog_) ::syslog(syslog_priority_of(level), "%s", text.c_str());
    if (!files_.empty()) {
      auto [source, said] =
          rendered ? std::pair<std::string, std::string>{"Puppet", text} : source_and_message(text);
      std::string line = local_timestamp() + " " + source + " (" + (rendered ? "err" : level) +
                         "): " + said + "\n";
      for (auto& file : files_) {
        std::fputs(line.c_str(), file.get());
        std::fflush(file.get());
      }
    }
  }

 private:
  ApplyLogSettings settings_;
  int min_rank_ = 2;
  bool console_ = false;
  bool syslog_ = false;
  std::vector<std::unique_ptr<std::FILE, int (*)(std::FILE*)>> files_;
  std::mutex mutex_;
};

}  // namespace

std::vector<std::string> log_destinations(const std::string& logdest) {
  std::vector<std::string> destinations;
  std::stringstream in(logdest);
  for (std::string one; std::getline(in, one, ',');)
    if (!one.empty()) destinations.push_back(one);
  if (destinations.empty()) throw UsageError("option --logdest needs a destination");
  return destinations;
}

bool use_color(const std::optional<std::string>& option, bool stdout_is_terminal) {
  if (!option || *option == "auto") return stdout_is_terminal;
  return *option == "true" || *option == "ansi";
}

daemon::RunLog make_apply_log(const ApplyLogSettings& settings) {
  auto destinations = std::make_shared<Destinations>(settings);
  return [destinations](const std::string& level, const std::string& message) {
    destinations->log(level, message);
  };
}

}  // namespace marionette::cli
