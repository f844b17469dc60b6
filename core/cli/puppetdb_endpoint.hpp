#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "cli/arguments.hpp"
#include "config/agent_config.hpp"

namespace marionette::cli {

/// Where `marionette query` sends its query, and the TLS files it connects with (empty: the
/// host's own from its ssldir, as an agent connects).
struct PuppetDbEndpoint {
  std::string host;
  int port = 0;
  std::filesystem::path cacert;
  std::filesystem::path cert;
  std::filesystem::path key;
};

/// The options `puppet query` takes that `marionette query` takes too (`--urls`, `--cacert`,
/// `--cert`, `--key`).
inline const std::set<std::string> kPuppetDbClientOptions = {"urls", "cacert", "cert", "key"};

/// As puppetdb_cli finds its PuppetDB, then as Puppet's PuppetDB terminus does: --urls; else
/// --server given on the command line; else puppetdb_cli's configuration
/// (~/.puppetlabs/client-tools/puppetdb.json, then /etc/puppetlabs/client-tools/puppetdb.json:
/// {"puppetdb": {"server_urls", "cacert", "cert", "key"}}); else CONFDIR/puppetdb.conf's
/// `server_urls` in [main]; else server and serverport of the configuration. Of several URLs the
/// first is used. The files: --cacert/--cert/--key, else the configuration file's. UsageError for
/// a URL that is not https://HOST[:PORT][/], or when there is nowhere to ask.
PuppetDbEndpoint find_puppetdb_endpoint(const Arguments& args, const config::AgentConfig& config,
                                        const char* home);

}  // namespace marionette::cli
