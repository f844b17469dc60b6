// `marionette query 'PQL'`: puppetdb_cli's `puppet query` against marionette server's PuppetDB
// API (GET /pdb/query/v4), with the server and the certificate an agent uses. In
// marionette-fleet, which links OpenSSL (`marionette query` execs it, cli/fleet.hpp).
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include "ca/host_identity.hpp"
#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/puppetdb_endpoint.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
#include "http/http_message.hpp"
#include "https_client/https_client.hpp"

namespace marionette::cli {

std::string host_certname(const config::AgentConfig& config);
std::filesystem::path ssldir_of(const config::AgentConfig& config);

namespace {

using Json = nlohmann::json;

/// Numbers as Go's encoding/json writes the float64s puppet query decodes them into: a whole
/// number without a fraction (6.0 is 6).
void as_go_numbers(Json& value) {
  if (value.is_structured()) {
    for (Json& member : value) as_go_numbers(member);
  } else if (value.is_number_float()) {
    const double number = value.get<double>();
    if (std::isfinite(number) && number == std::floor(number) && std::fabs(number) < 1e15)
      value = static_cast<std::int64_t>(number);
  }
}

/// An AST query (a JSON array) is sent as puppet query sends it: re-encoded compactly.
std::string query_text(const std::string& given) {
  Json ast = Json::parse(given, nullptr, false);
  if (!ast.is_discarded() && ast.is_array()) return ast.dump();
  return given;
}

}  // namespace

int run_query(const std::vector<std::string>& words) {
  std::set<std::string> valued = kRunOptions;
  valued.insert(kPuppetDbClientOptions.begin(), kPuppetDbClientOptions.end());
  Arguments args(words, valued, setting_switches());
  if (args.positionals().size() != 1) throw UsageError("One query argument must be provided");
  const config::AgentConfig config = config_from(args, config::RunMode::agent);
  const PuppetDbEndpoint endpoint = find_puppetdb_endpoint(args, config, std::getenv("HOME"));
  const ca::HostFiles host{ssldir_of(config), host_certname(config)};
  auto or_host = [](const std::filesystem::path& given, std::filesystem::path own) {
    return given.empty() ? own : given;
  };
  https_client::ClientOptions options;
  options.host = endpoint.host;
  options.port = endpoint.port;
  options.tls.ca_certificate = or_host(endpoint.cacert, host.ca_certificate());
  options.tls.revocation = https_client::revocation_from_setting(config.certificate_revocation);
  // puppet query checks no CRL; the host's is checked when the host's CA is the one trusted.
  if (endpoint.cacert.empty())
    options.tls.crl = host.crl();
  else
    options.tls.revocation = https_client::Revocation::none;
  options.tls.certificate = or_host(endpoint.cert, host.certificate());
  options.tls.private_key = or_host(endpoint.key, host.private_key());
  options.connect_timeout = config.http_connect_timeout;
  options.read_timeout = config.http_read_timeout;
  try {
    https_client::HttpsClient client(options);
    const http::HttpResponse response = client.request(
        "GET", "/pdb/query/v4?query=" + http::percent_encode(query_text(args.positionals()[0])), "",
        {{"Accept", "application/json"}});
    if (response.status != 200) {
      print_error("[GET /pdb/query/v4][" + std::to_string(response.status) + "] " + response.body);
      return 1;
    }
    Json rows = Json::parse(response.body, nullptr, false);
    if (rows.is_discarded()) {
      print_error("the server's answer is not JSON: " + response.body.substr(0, 200));
      return 1;
    }
    as_go_numbers(rows);
    std::cout << rows.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
    return 0;
  } catch (const https_client::HttpsError& e) {
    print_error(e.what());
    return 1;
  }
}

}  // namespace marionette::cli
