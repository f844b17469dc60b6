#include "cli/server_snmp.hpp"

#include <cstdlib>
#include <iostream>
#include <mutex>
#include <string>

#include "cli/snmp_module.hpp"

namespace marionette::cli {

namespace {

std::atomic<bool> verbose_snmp{false};

/// The module's messages as the server prints its own: warnings and errors always, information
/// with --verbose (spdlog's levels: 2 info, 3 warn, 4 err, 5 critical).
void log_from_server_snmp(int level, const char* text, std::size_t size) {
  static std::mutex mutex;
  if (level < 2 || (level == 2 && !verbose_snmp.load())) return;
  std::lock_guard<std::mutex> lock(mutex);
  std::ostream& out = level >= 3 ? std::cerr : std::cout;
  out << (level >= 4   ? "Error: "
          : level == 3 ? "Warning: "
                       : "Info: ")
      << std::string_view(text, size) << std::endl;
}

}  // namespace

ServerSnmp::ServerSnmp(const config::AgentConfig& config, bool verbose) : config_(config) {
  if (!config.snmp) return;
  verbose_snmp = verbose;
  run_subagent_ = load_snmp_module();
  // Net-SNMP reads its MIB list from the environment: set it before any thread reads it.
  setenv("MIBS", "", 1);
}

ServerSnmp::~ServerSnmp() {
  stop();
}

void ServerSnmp::stop() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  publisher_.reset();
}

ServerSnmp::Running ServerSnmp::start(server::ServerMetrics& metrics,
                                      const std::filesystem::path& ssldir,
                                      const metrics::FleetRegistry* fleet) {
  if (!run_subagent_) return Running(*this);
  publisher_ = std::make_unique<server::MetricsPublisher>(metrics, ssldir, registry_, fleet);
  subagent::Options options;
  options.agentx_socket = config_.agentx_socket;
  options.root_oid = config_.root_oid;
  options.name = "marionette-server";
  options.role = subagent::Role::server;
  thread_ = std::thread([this, options] {
    char error[512] = "";
    if (!run_subagent_(options, registry_, stop_, log_from_server_snmp, error, sizeof error)) {
      std::string message = std::string("The SNMP subagent stopped: ") + error;
      log_from_server_snmp(4, message.data(), message.size());
    }
  });
  return Running(*this);
}

}  // namespace marionette::cli
