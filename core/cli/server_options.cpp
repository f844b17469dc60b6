#include "cli/server_options.hpp"

#include <chrono>
#include <string_view>

#include "cli/arguments.hpp"

namespace marionette::cli {

namespace {

using Kind = ServerOption::Kind;
using O = server::ServerOptions&;
using V = const OptionValue&;
constexpr long kHour = 3'600'000;  ///< in milliseconds
constexpr long kMillion = 1'000'000;

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
      {"--reuse-port", Kind::setting, 0, 0, nullptr,
       "share the port with other servers started with it\n"
       "(SO_REUSEPORT: the kernel spreads connections among them;\n"
       "reuse_port = true in puppet.conf)"},
      {"--autosign WHAT", Kind::setting, 0, 0, nullptr,
       "true, false, a file of certnames and globs (*.example.com),\n"
       "or an executable policy given the certname and the CSR on\n"
       "stdin (default: $confdir/autosign.conf)"},
      {"--allow-subject-alt-names", Kind::flag, 0, 0,
       [](O o, V) { o.ca.allow_subject_alt_names = true; }, "sign requests that ask for alt names"},
      {"--allow-authorization-extensions", Kind::flag, 0, 0,
       [](O o, V) { o.ca.allow_authorization_extensions = true; },
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
       [](O o, V v) { o.workers = static_cast<unsigned>(v.number); },
       "requests served and catalogs compiled at once (default 4)"},
      {"--max-queued-requests N", Kind::number, 0, kMillion,
       [](O o, V v) { o.queue_limit = static_cast<std::size_t>(v.number); },
       "requests waiting for a worker; beyond them 503 with\n"
       "Retry-After (default 256; 0: no limit)"},
      {"--max-retry-delay S", Kind::number, 0, 86'400,
       [](O o, V v) { o.max_retry_delay = std::chrono::seconds(v.number); },
       "a 503's Retry-After is random below S seconds (default 1800;\n"
       "0: no Retry-After)"},
      {"--idle-timeout-milliseconds MS", Kind::number, 1, kHour,
       [](O o, V v) { o.idle_timeout = std::chrono::milliseconds(v.number); },
       "a kept-alive connection's silence, and any stall\n"
       "reading a body or writing a response (default 5000)"},
      {"--handshake-timeout-milliseconds MS", Kind::number, 1, kHour,
       [](O o, V v) { o.handshake_timeout = std::chrono::milliseconds(v.number); },
       "for a TLS handshake (default 10000)"},
      {"--header-timeout-milliseconds MS", Kind::number, 1, kHour,
       [](O o, V v) { o.header_timeout = std::chrono::milliseconds(v.number); },
       "for a request line and headers (default 10000)"},
      {"--max-idle-connections N", Kind::number, 1, kMillion,
       [](O o, V v) { o.max_idle_connections = static_cast<std::size_t>(v.number); },
       "connections not being served (handshaking, idle or\n"
       "sending a request); beyond, the longest waiting is closed\n"
       "(default 1000)"},
      {"--max-connections-per-address N", Kind::number, 1, kMillion,
       [](O o, V v) { o.max_connections_per_address = static_cast<std::size_t>(v.number); },
       "connections from one address; beyond, its longest\n"
       "waiting is closed (default 256)"},
      {"--certificate-allowlist FILE", Kind::text, 0, 0,
       [](O o, V v) { o.puppetdb_allowlist = std::filesystem::path(v.text); },
       "PuppetDB's certificate-allowlist: the certnames (one a\n"
       "line) that may use the PuppetDB API, /pdb/... (default: any\n"
       "client with a certificate)"},
      {"--no-static-catalogs", Kind::setting, 0, 0, nullptr,
       "Puppet's static_catalogs = false: no file metadata\n"
       "inlined in catalogs (default: inlined, with a code_id);\n"
       "environment.conf's static_catalogs decides for its\n"
       "environment"},
      {"--no-ca", Kind::setting, 0, 0, nullptr,
       "a compile server: no CA of its own (puppetserver's\n"
       "certificate-authority-disabled-service; `ca = false` in\n"
       "puppet.conf's [server]); its certificate, certs/ca.pem and\n"
       "crl.pem in the ssldir, the CRL refreshed from\n"
       "--ca_server/--ca_port"},
      {"--crl-refresh-interval S", Kind::number, 1, 86'400,
       [](O o, V v) { o.crl_refresh_interval = std::chrono::seconds(v.number); },
       "how often a compile server (--no-ca) fetches the CA's CRL\n"
       "(default 300)"},
      {"--agentx-socket PATH", Kind::setting, 0, 0, nullptr,
       "snmpd's AgentX socket (default: /var/agentx/master); the\n"
       "server's figures are MARIONETTE-MIB::mrnServer"},
      {"--root-oid OID", Kind::setting, 0, 0, nullptr,
       "serve the MIB under this OID instead of the built-in arc"},
      {"--no-snmp", Kind::setting, 0, 0, nullptr, "do not start the AgentX subagent"},
      {"--metrics-anonymous-from ADDRS", Kind::setting, 0, 0, nullptr,
       "addresses and CIDR ranges that may GET /metrics without a\n"
       "client certificate (default: none)"},
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
  return option_name(option.spec);
}

std::string server_options_help() {
  return options_help(server_options());
}

const char* server_usage(const char* head) {
  static const std::string usage = head + server_options_help();
  return usage.c_str();
}

std::set<std::string> server_valued_options() {
  return valued_options(server_options());
}

std::set<std::string> server_flags() {
  return option_names(server_options(), Kind::flag);
}

void read_server_options(const Arguments& args, server::ServerOptions& options) {
  read_options(args, server_options(), options);
}

}  // namespace marionette::cli
