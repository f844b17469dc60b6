#pragma once

#include "cli/arguments.hpp"
#include "config/agent_config.hpp"
#include "daemon/agent.hpp"

namespace marionette::cli {

/// Whether `marionette agent` is the agent of a server: a server is set (--server or
/// puppet.conf's server) and no local code is (env_dir, manifest), which would make it
/// masterless.
bool wants_server(const config::AgentConfig& config);

/// The run of the agent of a server. Only marionette-fleet, which links OpenSSL, sets it
/// (fleet_main.cpp); in `marionette` it is null, and an agent of a server execs the fleet.
extern daemon::OneRun (*make_remote_run)(const config::AgentConfig& config, const Arguments& args);

}  // namespace marionette::cli
