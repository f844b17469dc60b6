#include "cli/run_log.hpp"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/dist_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/sinks/syslog_sink.h>
#include <spdlog/spdlog.h>
#include <syslog.h>

#include <iostream>
#include <mutex>

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
int rank_of(const std::string& level) {
  if (level == "debug") return 0;
  if (level == "info") return 1;
  if (level == "warning") return 3;
  if (level == "err" || level == "error" || level == "diagnostic" || level == "alert" ||
      level == "crit" || level == "emerg")
    return 4;
  return 2;  // notice
}

/// syslog(3) has a priority for each of Puppet's levels; spdlog's sink has no "notice".
int syslog_priority_of(const std::string& level) {
  switch (rank_of(level)) {
    case 0:
      return LOG_DEBUG;
    case 1:
      return LOG_INFO;
    case 2:
      return LOG_NOTICE;
    case 3:
      return LOG_WARNING;
    default:
      return LOG_ERR;
  }
}

/// Strips the trailing newlines of an already rendered diagnostic.
std::string without_final_newlines(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
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
      err->log(spdlog::level::err, "{}", without_final_newlines(message));
      return;
    }
    Level l = level_for(level);
    (l.spd >= spdlog::level::warn ? err : out)->log(l.spd, "{}{}", l.prefix, message);
  };
}

void print_error(const std::string& message) {
  std::cerr << "Error: " << message;
  if (message.empty() || message.back() != '\n') std::cerr << '\n';
}

void log_from_snmp_module(int spdlog_level, const char* text, std::size_t size) {
  spdlog::default_logger_raw()->log(static_cast<spdlog::level::level_enum>(spdlog_level), "{}",
                                    std::string_view(text, size));
}

/// The current destination; the run log and spdlog's default logger go through it.
struct AgentLog::Route {
  std::mutex mutex;
  LogSettings settings;
  int min_rank = 2;
  bool prefixes = true;
  bool to_syslog = false;
  std::shared_ptr<spdlog::logger> out, err;
  std::shared_ptr<spdlog::sinks::dist_sink_mt> library;  ///< spdlog's default logger's sinks

  void log(const std::string& level, const std::string& message) {
    std::shared_ptr<spdlog::logger> to_out, to_err;
    bool with_prefix = true;
    {
      std::lock_guard<std::mutex> hold(mutex);
      if (rank_of(level) < min_rank) return;
      to_out = out;
      to_err = err;
      with_prefix = prefixes;
      if (to_syslog) {  // the spdlog sink would send notices as LOG_INFO
        ::syslog(syslog_priority_of(level), "%s", without_final_newlines(message).c_str());
        return;
      }
    }
    if (level == "diagnostic") {
      to_err->log(spdlog::level::err, "{}", without_final_newlines(message));
      return;
    }
    Level l = level_for(level);
    (l.spd >= spdlog::level::warn ? to_err : to_out)
        ->log(l.spd, "{}{}", with_prefix ? l.prefix : "", message);
  }
};

namespace {

struct Destination {
  std::shared_ptr<spdlog::logger> out, err;
  spdlog::sink_ptr library;  ///< where the subagent's spdlog messages go
  bool prefixes = true;
  bool syslog = false;
};

Destination open_destination(const std::string& destination) {
  Destination d;
  if (destination == "console") {
    d.out = make_logger("out", std::make_shared<spdlog::sinks::stdout_sink_mt>(), true, true);
    d.err = make_logger("err", std::make_shared<spdlog::sinks::stderr_sink_mt>(), true, true);
    d.library = std::make_shared<spdlog::sinks::stdout_color_sink_mt>();
    d.library->set_pattern("%+");  // spdlog's own default, as before
    return d;
  }
  spdlog::sink_ptr sink;
  if (destination == "syslog") {
    sink = std::make_shared<spdlog::sinks::syslog_sink_mt>("marionette", LOG_PID, LOG_DAEMON, true);
    d.prefixes = false;
    d.syslog = true;
  } else {
    try {
      sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(destination, false);
    } catch (const spdlog::spdlog_ex& e) {
      throw std::runtime_error("cannot open the log file " + destination + ": " + e.what());
    }
  }
  d.out = d.err = make_logger("log", sink, d.prefixes, true);
  d.library = sink;
  return d;
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
  if (!route_->out || settings.destination != route_->settings.destination) {
    Destination d = open_destination(settings.destination);
    route_->out = d.out;
    route_->err = d.err;
    route_->prefixes = d.prefixes;
    route_->to_syslog = d.syslog;
    route_->library->set_sinks({d.library});
  }
  route_->settings = settings;
  route_->min_rank = rank_of(settings.level);
  static const spdlog::level::level_enum library_levels[] = {
      spdlog::level::debug, spdlog::level::info, spdlog::level::info, spdlog::level::warn,
      spdlog::level::err};
  if (auto library = spdlog::default_logger();
      library && library->sinks().size() == 1 && library->sinks()[0] == route_->library)
    library->set_level(library_levels[route_->min_rank]);
}

daemon::RunLog AgentLog::run_log() const {
  return [route = route_](const std::string& level, const std::string& message) {
    route->log(level, message);
  };
}

}  // namespace marionette::cli
