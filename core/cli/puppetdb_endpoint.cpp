#include "cli/puppetdb_endpoint.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "config/puppet_conf.hpp"
#include "text/text.hpp"

namespace marionette::cli {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

/// https://HOST[:PORT][/PATH], the first of a comma-separated list; a URL without a port is
/// HTTPS's 443.
PuppetDbEndpoint endpoint_of_urls(const std::string& urls, const std::string& origin) {
  std::string url{text::trimmed(std::string_view(urls).substr(0, urls.find(',')))};
  const std::string scheme = "https://";
  if (!url.starts_with(scheme))
    throw UsageError(origin + ": " + url +
                     ": marionette query speaks HTTPS only (https://HOST:PORT)");
  std::string authority = url.substr(scheme.size());
  authority = authority.substr(0, authority.find('/'));
  PuppetDbEndpoint endpoint;
  std::string port;
  if (authority.starts_with("[")) {
    const auto close = authority.find(']');
    if (close == std::string::npos) throw UsageError(origin + ": " + url + ": bad host");
    endpoint.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size() && authority[close + 1] == ':')
      port = authority.substr(close + 2);
  } else {
    const auto colon = authority.find(':');
    endpoint.host = authority.substr(0, colon);
    if (colon != std::string::npos) port = authority.substr(colon + 1);
  }
  if (endpoint.host.empty()) throw UsageError(origin + ": " + url + ": no host");
  try {
    std::size_t used = 0;
    endpoint.port = port.empty() ? 443 : std::stoi(port, &used);
    if (!port.empty() && used != port.size()) throw std::invalid_argument(port);
  } catch (const std::exception&) {
    throw UsageError(origin + ": " + url + ": bad port '" + port + "'");
  }
  if (endpoint.port < 1 || endpoint.port > 65535)
    throw UsageError(origin + ": " + url + ": bad port '" + port + "'");
  return endpoint;
}

/// puppetdb_cli's configuration file, when it exists and names server_urls.
std::optional<PuppetDbEndpoint> from_client_tools(const fs::path& file) {
  std::error_code missing;
  if (!fs::exists(file, missing)) return std::nullopt;
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  Json document = Json::parse(text.str(), nullptr, false);
  if (document.is_discarded() || !document.is_object())
    throw UsageError(file.string() + ": not a JSON object");
  const Json settings = document.value("puppetdb", Json::object());
  if (!settings.is_object() || !settings.contains("server_urls")) return std::nullopt;
  const Json& urls = settings["server_urls"];
  std::string first;
  if (urls.is_string()) first = urls.get<std::string>();
  if (urls.is_array() && !urls.empty() && urls[0].is_string()) first = urls[0].get<std::string>();
  if (first.empty()) throw UsageError(file.string() + ": server_urls names no URL");
  PuppetDbEndpoint endpoint = endpoint_of_urls(first, file.string());
  auto path = [&](const char* name) {
    return settings.contains(name) && settings[name].is_string()
               ? fs::path(settings[name].get<std::string>())
               : fs::path();
  };
  endpoint.cacert = path("cacert");
  endpoint.cert = path("cert");
  endpoint.key = path("key");
  return endpoint;
}

/// Puppet's puppetdb.conf (the PuppetDB terminus's), when it exists and names server_urls.
std::optional<PuppetDbEndpoint> from_puppetdb_conf(const fs::path& file) {
  std::error_code missing;
  if (!fs::exists(file, missing)) return std::nullopt;
  const config::PuppetConf conf = config::read_puppet_conf(file);
  const config::ConfSetting* urls = conf.find("main", "server_urls");
  if (!urls) return std::nullopt;
  return endpoint_of_urls(urls->value, file.string());
}

}  // namespace

PuppetDbEndpoint find_puppetdb_endpoint(const Arguments& args, const config::AgentConfig& config,
                                        const char* home) {
  std::optional<PuppetDbEndpoint> found;
  if (auto urls = args.value("urls")) {
    found = endpoint_of_urls(*urls, "--urls");
  } else if (args.value("server") && config.server) {
    found = PuppetDbEndpoint{*config.server, config.serverport, {}, {}, {}};
  } else {
    std::vector<fs::path> client_tools;
    if (home && *home)
      client_tools.push_back(fs::path(home) / ".puppetlabs/client-tools/puppetdb.json");
    client_tools.emplace_back("/etc/puppetlabs/client-tools/puppetdb.json");
    for (const fs::path& file : client_tools)
      if (!found) found = from_client_tools(file);
    const fs::path confdir = args.value("confdir").value_or("/etc/marionette");
    if (!found) found = from_puppetdb_conf(confdir / "puppetdb.conf");
    if (!found && config.server)
      found = PuppetDbEndpoint{*config.server, config.serverport, {}, {}, {}};
  }
  if (!found)
    throw UsageError(
        "no PuppetDB to ask: give --urls or --server, or server_urls in puppetdb.conf");
  if (auto file = args.value("cacert")) found->cacert = *file;
  if (auto file = args.value("cert")) found->cert = *file;
  if (auto file = args.value("key")) found->key = *file;
  return *found;
}

}  // namespace marionette::cli
