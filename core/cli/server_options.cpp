#include "cli/server_options.hpp"

#include <chrono>
#include <string_view>

#include "cli/arguments.hpp"

namespace marionette::cli {

namespace {

using Kind = ServerOption::Kind;
using O = server::ServerOptions&;
constexpr long kHour = 3'600'000;  ///< in milliseconds
constexpr long kMillion = 1'000'000;

/// The column where --help's descriptions start.
constexpr std::size_t kHelpColumn = 24;

}  // namespace

const std::vector<ServerOption>& server_options() {
  static const std::vector<ServerOption> all = {
      {"--config FILE", Kind::setting, 0, 0, nullptr,
       "settings from FILE, puppet.conf's [server] over [main]"},
      {"--env-dir DIR", Kind::setting, 0, 0, nullptr,
       "the environment served (site.pp or manifests/, modules/)"},
      {"--environmentpath DIRS", Kind::setting, 0, 0, nullptr,
       "where environments are; an agent's ?environment= picks one"},
      {"--modulepath DIRS", Kind::setting, 0, 0, nullptr,
       "the module directories, colon-separated, first one wins"},
      {"--ssldir DIR", Kind::setting, 0, 0, nullptr,
       "the CA and the server's certificate (default: $vardir/ssl)"},
      {"--certname NAME", Kind::setting, 0, 0, nullptr,
       "the server's certname (default: this host's fqdn)"},
      {"--dns-alt-names NAMES", Kind::setting, 0, 0, nullptr,
       "the server certificate's other names, comma-separated\n"
       "(IP:1.2.3.4 for an address; default: puppet and the certname)"},
      {"--bindaddress ADDR", Kind::setting, 0, 0, nullptr,
       "the address to listen on (default: every IPv4 address)"},
      {"--serverport N", Kind::setting, 0, 0, nullptr,
       "the port (default: 8140; --masterport too)"},
      {"--autosign WHAT", Kind::setting, 0, 0, nullptr,
       "true, false, a file of certnames and globs (*.example.com),\n"
       "or an executable policy given the certname and the CSR on\n"
       "stdin (default: $confdir/autosign.conf)"},
      {"--allow-subject-alt-names", Kind::flag, 0, 0,
       [](O o, long) { o.ca.allow_subject_alt_names = true; },
       "sign requests that ask for alt names"},
      {"--allow-authorization-extensions", Kind::flag, 0, 0,
       [](O o, long) { o.ca.allow_authorization_extensions = true; },
       "sign requests with Puppet's authorization\n"
       "extensions (1.3.6.1.4.1.34380.1.3.*; puppetserver's ca.conf\n"
       "setting of that name); pp_cli_auth is never signed from a\n"
       "request: only the server's own certificate and `ca generate\n"
       "--ca-client` have it, and only they may use certificate_status"},
      {"--keylength BITS", Kind::setting, 0, 0, nullptr,
       "RSA key size of the CA and server keys (default: 4096)"},
      {"--reportdir DIR", Kind::setting, 0, 0, nullptr,
       "where reports go, REPORTDIR/NODE/TIME.json (default:\n"
       "$vardir/reports); with --redis also to Redis"},
      {"--workers N", Kind::number, 1, 256,
       [](O o, long n) { o.workers = static_cast<unsigned>(n); },
       "requests served and catalogs compiled at once (default 4)"},
      {"--max-queued-requests N", Kind::number, 0, kMillion,
       [](O o, long n) { o.queue_limit = static_cast<std::size_t>(n); },
       "requests waiting for a worker; beyond them 503 with\n"
       "Retry-After (default 256; 0: no limit)"},
      {"--max-retry-delay S", Kind::number, 0, 86'400,
       [](O o, long n) { o.max_retry_delay = std::chrono::seconds(n); },
       "a 503's Retry-After is random below S seconds (default 1800;\n"
       "0: no Retry-After)"},
      {"--idle-timeout-milliseconds MS", Kind::number, 1, kHour,
       [](O o, long n) { o.idle_timeout = std::chrono::milliseconds(n); },
       "a kept-alive connection's silence, and any stall\n"
       "reading a body or writing a response (default 5000)"},
      {"--handshake-timeout-milliseconds MS", Kind::number, 1, kHour,
       [](O o, long n) { o.handshake_timeout = std::chrono::milliseconds(n); },
       "for a TLS handshake (default 10000)"},
      {"--header-timeout-milliseconds MS", Kind::number, 1, kHour,
       [](O o, long n) { o.header_timeout = std::chrono::milliseconds(n); },
       "for a request line and headers (default 10000)"},
      {"--max-idle-connections N", Kind::number, 1, kMillion,
       [](O o, long n) { o.max_idle_connections = static_cast<std::size_t>(n); },
       "connections not being served (handshaking, idle or\n"
       "sending a request); beyond, the longest waiting is closed\n"
       "(default 1000)"},
      {"--max-connections-per-address N", Kind::number, 1, kMillion,
       [](O o, long n) { o.max_connections_per_address = static_cast<std::size_t>(n); },
       "connections from one address; beyond, its longest\n"
       "waiting is closed (default 256)"},
      {"--agentx-socket PATH", Kind::setting, 0, 0, nullptr,
       "snmpd's AgentX socket (default: /var/agentx/master); the\n"
       "server's figures are MARIONETTE-MIB::mrnServer"},
      {"--root-oid OID", Kind::setting, 0, 0, nullptr,
       "serve the MIB under this OID instead of the built-in arc"},
      {"--no-snmp", Kind::setting, 0, 0, nullptr, "do not start the AgentX subagent"},
      {"--environment-timeout T", Kind::setting, 0, 0, nullptr,
       "how long parsed code is kept: 0 (default: read for every\n"
       "catalog), unlimited, or a time unused (30s, 5m, 1h)"},
      {"-v, --verbose", Kind::flag, 0, 0, nullptr, "log every request"},
      // Puppet's: the server never daemonizes, so the option changes nothing.
      {"--no-daemonize", Kind::flag, 0, 0, nullptr, nullptr},
  };
  return all;
}

std::string server_option_name(const ServerOption& option) {
  std::string_view spec = option.spec;
  spec.remove_prefix(spec.rfind("--") + 2);
  return std::string(spec.substr(0, spec.find(' ')));
}

std::string server_options_help() {
  std::string text;
  for (const ServerOption& option : server_options()) {
    if (!option.help) continue;
    std::string line = "  " + std::string(option.spec);
    line.resize(line.size() < kHelpColumn ? kHelpColumn : line.size() + 2, ' ');
    text += line;
    for (char c : std::string_view(option.help))
      text += c == '\n' ? "\n" + std::string(kHelpColumn, ' ') : std::string(1, c);
    text += '\n';
  }
  return text;
}

const char* server_usage(const char* head) {
  static const std::string usage = head + server_options_help();
  return usage.c_str();
}

std::set<std::string> server_valued_options() {
  std::set<std::string> names;
  for (const ServerOption& option : server_options())
    if (option.kind == Kind::number) names.insert(server_option_name(option));
  return names;
}

std::set<std::string> server_flags() {
  std::set<std::string> names;
  for (const ServerOption& option : server_options())
    if (option.kind == Kind::flag) names.insert(server_option_name(option));
  return names;
}

void read_server_options(const Arguments& args, server::ServerOptions& options) {
  for (const ServerOption& option : server_options()) {
    if (!option.set) continue;
    std::string name = server_option_name(option);
    if (option.kind == Kind::number) {
      if (auto n = args.number(name, option.low, option.high)) option.set(options, *n);
    } else if (option.kind == Kind::flag && args.flag(name)) {
      option.set(options, 1);
    }
  }
}

}  // namespace marionette::cli
