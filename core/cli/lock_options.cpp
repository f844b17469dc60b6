#include "cli/lock_options.hpp"

#include "config/agent_config.hpp"

namespace marionette::cli {

namespace {

std::chrono::seconds duration_option(const Arguments& args, const std::string& name,
                                     std::chrono::seconds fallback) {
  auto text = args.value(name);
  if (!text) return fallback;
  auto seconds = config::parse_duration(*text);
  if (!seconds)
    throw UsageError("option --" + name +
                     " must be a duration such as 30, 30s, 5m, 2h or 1d, not '" + *text + "'");
  return *seconds;
}

}  // namespace

LockWait lock_wait_from(const Arguments& args) {
  LockWait wait;
  wait.retry_every = duration_option(args, "waitforlock", wait.retry_every);
  wait.max_wait = duration_option(args, "maxwaitforlock", wait.max_wait);
  return wait;
}

}  // namespace marionette::cli
