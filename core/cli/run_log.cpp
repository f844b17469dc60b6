#include "cli/run_log.hpp"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <iostream>

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

}  // namespace

daemon::RunLog make_run_log(bool timestamps, bool debug) {
  // Like Puppet: notices on stdout, warnings and errors on stderr.
  auto out =
      make_logger("out", std::make_shared<spdlog::sinks::stdout_sink_mt>(), timestamps, debug);
  auto err =
      make_logger("err", std::make_shared<spdlog::sinks::stderr_sink_mt>(), timestamps, debug);
  return [out, err](const std::string& level, const std::string& message) {
    if (level == "diagnostic") {  // already rendered: file:line:column: error: …, source, caret
      std::string text = message;
      while (!text.empty() && text.back() == '\n') text.pop_back();
      err->log(spdlog::level::err, "{}", text);
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

}  // namespace marionette::cli
