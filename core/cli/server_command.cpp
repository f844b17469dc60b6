// `marionette server`: Puppet 7's agent API over HTTPS with its own CA (core/server, core/ca).
#include <malloc.h>

#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "ca/host_identity.hpp"
#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/compile_server_bootstrap.hpp"
#include "cli/run_log.hpp"
#include "cli/server_log_file.hpp"
#include "cli/server_options.hpp"
#include "cli/server_snmp.hpp"
#include "cli/settings_from_arguments.hpp"
#include "cli/snmp_module.hpp"
#include "compiler/compile_log.hpp"
#include "compiler/environment_cache.hpp"
#include "compiler/ruby_workers.hpp"
#include "daemon/signals.hpp"
#include "facts/facts.hpp"
#include "marionette/version.hpp"
#include "server/https_server.hpp"
#include "text/whole_line.hpp"

namespace marionette::cli {

namespace {

/// The options of `server`: every setting, and its own (cli/server_options.cpp).
Arguments server_arguments(const std::vector<std::string>& words) {
  std::set<std::string> valued = kRunOptions;
  std::set<std::string> own_valued = server_valued_options();
  valued.insert(own_valued.begin(), own_valued.end());
  std::set<std::string> flags = setting_switches();
  std::set<std::string> own_flags = server_flags();
  flags.insert(own_flags.begin(), own_flags.end());
  return Arguments(words, valued, flags, {{"v", "verbose"}});
}

}  // namespace

/// The certname of this host when none is set: its fqdn, as Puppet's default.
std::string host_certname(const config::AgentConfig& config, const facts::Facts& host_facts) {
  if (config.certname) return *config.certname;
  daemon::RunSettings settings;
  return daemon::node_name_for(settings, host_facts);
}

std::string host_certname(const config::AgentConfig& config) {
  if (config.certname) return *config.certname;
  return host_certname(config, facts::gather_native({"networking"}));
}

namespace {

/// $server_facts as Puppet's catalog compiler makes them once (set_server_facts): Puppet 8's
/// serverimplementation (OpenVox's "openvox"), its version, then the host's fqdn (else
/// hostname.domain), ip and ip6 when it has them.
facts::Facts server_facts_of(const facts::Facts& host, PuppetCompat compat) {
  auto text = [&](const char* group, const char* key) -> std::optional<std::string> {
    auto g = host.find(group);
    if (g == host.end()) return std::nullopt;
    const facts::Facts* value = &*g;
    if (key) {
      if (!g->is_object() || !g->contains(key)) return std::nullopt;
      value = &(*g)[key];
    }
    if (!value->is_string() || value->get<std::string>().empty()) return std::nullopt;
    return value->get<std::string>();
  };
  facts::Facts out = facts::Facts::object();
  if (compat != PuppetCompat::puppet7) out["serverimplementation"] = "openvox";
  out["serverversion"] = puppet_version_of(compat);
  std::optional<std::string> name = text("networking", "fqdn");
  if (!name) name = text("fqdn", nullptr);
  if (!name) {
    std::optional<std::string> host_name = text("networking", "hostname");
    std::optional<std::string> domain = text("networking", "domain");
    if (host_name) name = domain ? *host_name + "." + *domain : *host_name;
  }
  if (name) out["servername"] = *name;
  if (auto ip = text("networking", "ip")) out["serverip"] = *ip;
  if (auto ip6 = text("networking", "ip6")) out["serverip6"] = *ip6;
  return out;
}

}  // namespace

std::filesystem::path ssldir_of(const config::AgentConfig& config) {
  if (config.ssldir) return *config.ssldir;
  return (config.statedir.empty() ? daemon::default_state_dir() : config.statedir) / "ssl";
}

int run_server(const std::vector<std::string>& words) {
  Arguments args = server_arguments(words);
  if (!args.positionals().empty())
    throw UsageError("unexpected argument '" + args.positionals().front() + "'");
  const config::AgentConfig config = config_from(args, config::RunMode::server);
  compiler::set_compile_log_level(config.log_level);
  server::ServerSettings settings;
  settings.run = run_settings_from(config);
  settings.run.application = "server";
  if (config.environment_timeout.count() > 0)
    settings.run.environment_cache =
        std::make_shared<compiler::EnvironmentCache>(config.environment_timeout);
  if (!settings.run.env_dir && !settings.run.manifest)
    throw UsageError("give --env-dir DIR or --environmentpath DIRS holding the environment");
  settings.environments = environment_settings_from(config);
  settings.ssldir = ssldir_of(config);
  const facts::Facts host_facts = facts::gather_native({"networking"});
  settings.certname = host_certname(config, host_facts);
  settings.server_facts = server_facts_of(host_facts, config.compat);
  settings.alt_names = ca::alt_names_from_setting(config.dns_alt_names, settings.certname);
  settings.bind_address =
      config.bindaddress.empty() || config.bindaddress == "*" ? "0.0.0.0" : config.bindaddress;
  settings.port = config.serverport;
  settings.reuse_port = config.reuse_port;
  settings.ca_server = config.ca_server.value_or(config.server.value_or("puppet"));
  settings.ca_port = config.ca_port.value_or(config.serverport);
  std::filesystem::path confdir = args.value("confdir").value_or("/etc/marionette");
  settings.autosign = config.autosign.value_or((confdir / "autosign.conf").string());
  settings.fileserverconfig = config.fileserverconfig.value_or(confdir / "fileserver.conf");
  settings.ca.key_bits = config.keylength;
  settings.reportdir = config.reportdir.value_or(settings.run.statedir / "reports");
  settings.certificate_authority = config.ca;
  settings.static_catalogs = config.static_catalogs;
  read_server_options(args, settings);
  // As many Ruby workers as compiles run at once, started (in the background) once a compile
  // has needed Ruby, so that later ones do not wait for it; none while no compile needs Ruby.
  compiler::RubyWorkerSettings ruby = compiler::ruby_worker_settings();
  ruby.workers = settings.workers == 0 ? 1 : settings.workers;
  ruby.prestart = true;

  std::unique_ptr<ServerLogFile> log_file;
  try {
    log_file = std::make_unique<ServerLogFile>(config.logdest);
  } catch (const std::exception& e) {
    print_error(std::string("cannot start the server: ") + e.what());
    return 1;
  }
  const bool verbose = args.flag("verbose");
  std::mutex log_mutex;
  auto log = [&](const std::string& line) {
    if (!verbose) return;
    std::lock_guard<std::mutex> lock(log_mutex);
    text::write_whole_line(stdout, "Info: " + line);
  };
  check_root_oid(config.root_oid);
  std::unique_ptr<ServerSnmp> snmp;
  try {
    snmp = std::make_unique<ServerSnmp>(config, verbose);
  } catch (const std::exception& e) {
    print_error(std::string("cannot start the server: ") + e.what());
    return 1;
  }
  // Before any thread: only the loop below receives them (USR2 too: the log file reopened).
  daemon::SignalWatcher signals(true);
  bool stopped = false;
  try {
    const std::filesystem::path attributes =
        config.csr_attributes.value_or(confdir / "csr_attributes.yaml");
    bootstrap_compile_server(config, settings, attributes.string(), verbose, [&] {
      if (signals.poll() == daemon::SignalEvent::stop) stopped = true;
      return stopped;
    });
  } catch (const std::exception& e) {
    if (stopped) {
      text::write_whole_line(
          stdout, std::string("Notice: Caught ") + signals.last_signal_name() + "; exiting");
      return 0;
    }
    print_error(std::string("cannot start the server: ") + e.what());
    return 1;
  }
  // Blocks of 64 KiB and more (a catalog's JSON, its resources' vectors, the store's documents)
  // are mapped on their own and unmapped when freed: glibc's threshold would otherwise rise to
  // the largest block freed, and each compile thread's arena keep such blocks between compiles
  // (measured at C=2 on the perf-control roles: the server's peak 77 -> 53 MiB, no time lost).
  mallopt(M_MMAP_THRESHOLD, 64 * 1024);
  try {
    server::HttpsServer server(settings, log);
    compiler::configure_ruby_workers(ruby);  // after the signal mask: workers unblock their own
    const ServerSnmp::Running snmp_running =
        snmp->start(server.metrics(), settings.ssldir, &server.fleet());
    text::write_whole_line(stdout, "Notice: marionette server " + settings.certname +
                                       " listening on " + settings.bind_address + ":" +
                                       std::to_string(server.port()));
    std::thread serving([&server] { server.run(); });
    for (daemon::SignalEvent event;
         (event = signals.wait(std::chrono::seconds(1))) != daemon::SignalEvent::stop;) {
      if (event != daemon::SignalEvent::reload && event != daemon::SignalEvent::reopen_logs)
        continue;
      if (log_file->path()) {
        try {
          log_file->reopen();
          text::write_whole_line(stdout,
                                 std::string("Notice: Caught ") + signals.last_signal_name() +
                                     "; reopened the log file " + log_file->path()->string());
        } catch (const std::exception& e) {
          print_error(std::string("Caught ") + signals.last_signal_name() + "; " + e.what());
        }
      }
      if (event != daemon::SignalEvent::reload) continue;
      // puppet.conf read again for the settings a reload may change; a file that no longer
      // reads keeps them as they were.
      std::optional<server::ReloadableSettings> again;
      try {
        const config::AgentConfig now = config_from(args, config::RunMode::server);
        again =
            server::ReloadableSettings{now.autosign.value_or((confdir / "autosign.conf").string()),
                                       now.static_catalogs, now.metrics_anonymous_from};
      } catch (const std::exception& e) {
        print_error(std::string("Caught HUP; could not read the settings again, keeping them: ") +
                    e.what());
      }
      try {
        text::write_whole_line(stdout,
                               "Notice: Caught HUP; " + server.reload(again ? &*again : nullptr));
      } catch (const std::exception& e) {
        print_error(std::string("Caught HUP; could not reload: ") + e.what());
      }
    }
    text::write_whole_line(
        stdout, std::string("Notice: Caught ") + signals.last_signal_name() + "; exiting");
    compiler::stop_ruby_workers();  // a compile running Ruby fails now instead of holding on
    server.stop();
    serving.join();
    return 0;
  } catch (const std::exception& e) {
    print_error(e.what());
    return 1;
  }
}

}  // namespace marionette::cli
