#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>

#include "subagent/module_abi.hpp"

namespace {

using marionette::subagent::ModuleLog;

/// The module's spdlog default logger writes here: each message goes to the executable's log.
class ForwardingSink final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit ForwardingSink(ModuleLog log) : log_(log) {}

 protected:
  void sink_it_(const spdlog::details::log_msg& message) override {
    log_(static_cast<int>(message.level), message.payload.data(), message.payload.size());
  }
  void flush_() override {}

 private:
  ModuleLog log_;
};

void copy_message(const char* what, char* error, std::size_t error_size) {
  if (error_size == 0) return;
  std::size_t length = std::min(std::strlen(what), error_size - 1);
  std::memcpy(error, what, length);
  error[length] = '\0';
}

}  // namespace

extern "C" __attribute__((visibility("default"))) bool marionette_subagent_run_v3(
    const marionette::subagent::Options& options, const marionette::metrics::Registry& registry,
    const std::atomic<bool>& stop, ModuleLog log, char* error, std::size_t error_size) {
  try {
    // Every level is forwarded: the executable's logger decides what is shown.
    auto logger = std::make_shared<spdlog::logger>("snmp", std::make_shared<ForwardingSink>(log));
    logger->set_level(spdlog::level::trace);
    spdlog::set_default_logger(std::move(logger));
    marionette::subagent::run(options, registry, stop);
    return true;
  } catch (const std::exception& failure) {
    copy_message(failure.what(), error, error_size);
  } catch (...) {
    copy_message("unknown error", error, error_size);
  }
  return false;
}
