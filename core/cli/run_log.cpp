#include "cli/run_log.hpp"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/dist_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/sinks/syslog_sink.h>
#include <spdlog/spdlog.h>
#include <syslog.h>

#include <mutex>
#include <optional>

#include "cli/apply_log.hpp"
#include "text/text.hpp"
#include "text/whole_line.hpp"

namespace marionette::cli {

namespace {

struct Level {
  spdlog::level::level_enum spd;
  const char* prefix;
};

Level level_for(const std::string& puppet_level) {
  if (puppet_level == "debug") return {spdlog::level::debug, "Debug: "};
  if (puppet_level == "info") return {spdlog::level::info, "Info: "};
  if (puppet_level == "warning") return {spdlog::level::warn, "Warning: "};
  if (puppet_level == "err" || puppet_level == "error") return {spdlog::level::err, "Error: "};
  // notice() has its siblings alert(), crit() and emerg(): errors, as Puppet labels them.
  if (puppet_level == "alert") return {spdlog::level::err, "Alert: "};
  if (puppet_level == "crit") return {spdlog::level::critical, "Critical: "};
  if (puppet_level == "emerg") return {spdlog::level::critical, "Emergency: "};
  return {spdlog::level::info, "Notice: "};
}

std::shared_ptr<spdlog::logger> make_logger(const std::string& name, spdlog::sink_ptr sink,
                                            bool timestamps, bool debug) {
  auto logger = std::make_shared<spdlog::logger>(name, std::move(sink));
  logger->set_pattern(timestamps ? "%Y-%m-%d %H:%M:%S %v" : "%v");
  logger->set_level(debug ? spdlog::level::debug : spdlog::level::info);
  logger->flush_on(spdlog::level::debug);
  return logger;
}

/// Puppet's levels in order; "diagnostic" (a rendered error) is an err.
int rank_of_level_or_notice(const std::string& level) {
  if (level == "debug") return 0;
  if (level == "info") return 1;
  if (level == "warning") return 3;
  if (level == "err" || level == "error" || level == "diagnostic" || level == "alert" ||
      level == "crit" || level == "emerg")
    return 4;
  return 2;  // notice
}

}  // namespace

daemon::RunLog make_run_log(bool timestamps, bool debug) {
  // Like Puppet: notices on stdout, warnings and errors on stderr.
  auto out =
      make_logger("out", std::make_shared<spdlog::sinks::stdout_sink_mt>(), timestamps, debug);
  auto err =
      make_logger("err", std::make_shared<spdlog::sinks::stderr_sink_mt>(), timestamps, debug);
  return [out, err](const std::string& level, const std::string& message) {
    if (level == "diagnostic") {  // already rendered: file:line:column: error: …, source, caret
      err->log(spdlog::level::err, "{}", text::without_final_newlines(message));
      return;
    }
    Level l = level_for(level);
    (l.spd >= spdlog::level::warn ? err : out)->log(l.spd, "{}{}", l.prefix, message);
  };
}

void print_error(const std::string& message) {
  text::write_whole_line(stderr, "Error: " + message);
}

void log_from_snmp_module(int spdlog_level, const char* text, std::size_t size) {
  spdlog::default_logger_raw()->log(static_cast<spdlog::level::level_enum>(spdlog_level), "{}",
                                    std::string_view(text, size));
}

/// The current destination; the run log and spdlog's default logger go through it. The run's
/// lines are written as apply's are (make_apply_log): on the console as `puppet agent -t`
/// prints them, without timestamps and coloured when asked; in a file as Puppet's log files.
struct AgentLog::Route {
  std::mutex mutex;
  std::optional<LogSettings> settings;
  daemon::RunLog lines;
  std::shared_ptr<spdlog::sinks::dist_sink_mt> library;  ///< spdlog's default logger's sinks

  void log(const std::string& level, const std::string& message) {
    daemon::RunLog to;
    {
      std::lock_guard<std::mutex> hold(mutex);
      to = lines;
    }
    to(level, message);
  }
};

namespace {

/// Where the SNMP subagent's spdlog messages go for a destination.
spdlog::sink_ptr library_sink(const std::string& destination) {
  if (destination == "console") {
    auto sink = std::make_shared<spdlog::sinks::stdout_color_sink_mt>();
    sink->set_pattern("%+");  // spdlog's own default, as before
    return sink;
  }
  if (destination == "syslog")
    return std::make_shared<spdlog::sinks::syslog_sink_mt>("marionette", LOG_PID, LOG_DAEMON, true);
  try {
    auto sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(destination, false);
    sink->set_pattern("%Y-%m-%d %H:%M:%S %z %v");
    return sink;
  } catch (const spdlog::spdlog_ex& e) {
    throw std::runtime_error("cannot open the log file " + destination + ": " + e.what());
  }
}

}  // namespace

AgentLog::AgentLog(const LogSettings& settings) : route_(std::make_shared<Route>()) {
  route_->library = std::make_shared<spdlog::sinks::dist_sink_mt>();
  reconfigure(settings);
  auto library = std::make_shared<spdlog::logger>("", route_->library);
  library->flush_on(spdlog::level::debug);
  spdlog::set_default_logger(library);
  reconfigure(settings);  // now that the default logger exists, set its level too
}

AgentLog::~AgentLog() = default;

void AgentLog::reconfigure(const LogSettings& settings) {
  std::lock_guard<std::mutex> hold(route_->mutex);
  const bool same = route_->settings && route_->settings->destination == settings.destination &&
                    route_->settings->level == settings.level &&
                    route_->settings->color == settings.color;
  if (!same) {
    ApplyLogSettings lines;
    lines.level = settings.level;
    lines.destinations = {settings.destination};
    lines.color = settings.color;
    daemon::RunLog opened = make_apply_log(lines);  // throws before anything is replaced
    spdlog::sink_ptr sink = library_sink(settings.destination);
    route_->lines = std::move(opened);
    route_->library->set_sinks({sink});
  }
  route_->settings = settings;
  static const spdlog::level::level_enum library_levels[] = {
      spdlog::level::debug, spdlog::level::info, spdlog::level::info, spdlog::level::warn,
      spdlog::level::err};
  if (auto library = spdlog::default_logger();
      library && library->sinks().size() == 1 && library->sinks()[0] == route_->library)
    library->set_level(library_levels[rank_of_level_or_notice(settings.level)]);
}

daemon::RunLog AgentLog::run_log() const {
  return [route = route_](const std::string& level, const std::string& message) {
    route->log(level, message);
  };
}

}  // namespace marionette::cli
