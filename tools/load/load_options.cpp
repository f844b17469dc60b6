#include "load_options.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>

#include <cstring>
#include <limits>
#include <map>

namespace marionette::load {

const char* const kLoadUsage =
    "usage: marionette-load --server HOST --serverport N --ssldir DIR --facts FILE\n"
    "                       --nodes N --concurrency C (--duration S | --count K)\n"
    "                       [--environment E] [--json] [--pluginsync] [--no-report]\n"
    "                       [--node-prefix P] [--domain D] [--keylength BITS] [--timeout S]\n"
    "                       [--interval S] [--run-log FILE] [--allow-non-loopback]\n"
    "\n"
    "Simulates N puppet agents against a Puppet server: each run asks for the node, posts the\n"
    "facts for a catalog (certname, hostname and fqdn varied per node) and puts a report, as\n"
    "Puppet 7's agent does, C runs at a time, for S seconds or K runs. Node certificates are\n"
    "taken from DIR (certs/NAME.pem, private_keys/NAME.pem, as `marionette ca generate` or\n"
    "`puppetserver ca generate` leave them) or requested from the CA (autosign). Prints\n"
    "catalogs per second, latency percentiles, errors by kind and per-node fairness (--json:\n"
    "one JSON object). --interval S: each node runs every S seconds (a compressed runinterval;\n"
    "first runs spread over S). --run-log FILE: one JSON line a run (time, node,\n"
    "transaction_uuid, catalog and report acknowledged, error kind), appended as they end.\n"
    "Only loopback servers unless --allow-non-loopback.\n"
    "Exit: 0 every run succeeded, 3 some failed (figures printed), 1 setup failed, 2 usage.\n";

namespace {

unsigned long number(const std::string& name, const std::string& text, unsigned long low,
                     unsigned long high) {
  std::size_t used = 0;
  unsigned long value = 0;
  try {
    value = std::stoul(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || text[0] == '-' || value < low || value > high)
    throw UsageError("--" + name + " must be a number from " + std::to_string(low) + " to " +
                     std::to_string(high) + ", not '" + text + "'");
  return value;
}

bool is_loopback(const sockaddr* address) {
  if (address->sa_family == AF_INET) {
    auto* v4 = reinterpret_cast<const sockaddr_in*>(address);
    return (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
  }
  if (address->sa_family == AF_INET6) {
    auto* v6 = reinterpret_cast<const sockaddr_in6*>(address);
    if (IN6_IS_ADDR_LOOPBACK(&v6->sin6_addr)) return true;
    if (IN6_IS_ADDR_V4MAPPED(&v6->sin6_addr)) return v6->sin6_addr.s6_addr[12] == 127;
  }
  return false;
}

}  // namespace

void check_loopback(const std::string& host, bool allowed) {
  if (allowed) return;
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0 || !found)
    throw UsageError("cannot resolve --server " + host);
  bool all_loopback = true;
  for (addrinfo* address = found; address; address = address->ai_next)
    all_loopback = all_loopback && is_loopback(address->ai_addr);
  ::freeaddrinfo(found);
  if (!all_loopback)
    throw UsageError("--server " + host +
                     " is not a loopback address; marionette-load only loads servers on this "
                     "machine unless --allow-non-loopback is given");
}

LoadOptions parse_load_options(const std::vector<std::string>& words) {
  LoadOptions options;
  std::map<std::string, std::string> values;
  static const std::vector<std::string> valued = {
      "server", "serverport",  "ssldir",   "facts",    "environment",
      "nodes",  "concurrency", "duration", "count",    "node-prefix",
      "domain", "keylength",   "timeout",  "interval", "run-log"};
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string word = words[i];
    if (word.rfind("--", 0) != 0) throw UsageError("unexpected argument '" + word + "'");
    std::string name = word.substr(2);
    std::optional<std::string> inline_value;
    if (auto equals = name.find('='); equals != std::string::npos) {
      inline_value = name.substr(equals + 1);
      name = name.substr(0, equals);
    }
    bool takes_value = false;
    for (const std::string& known : valued) takes_value = takes_value || known == name;
    if (takes_value) {
      if (!inline_value && i + 1 >= words.size()) throw UsageError("--" + name + " needs a value");
      values[name] = inline_value ? *inline_value : words[++i];
    } else if (name == "json") {
      options.json = true;
    } else if (name == "pluginsync") {
      options.pluginsync = true;
    } else if (name == "no-report") {
      options.report = false;
    } else if (name == "allow-non-loopback") {
      options.allow_non_loopback = true;
    } else if (name == "help") {
      throw UsageError("");
    } else {
      throw UsageError("unknown option --" + name);
    }
  }
  auto take = [&](const char* name) -> std::optional<std::string> {
    auto found = values.find(name);
    if (found == values.end()) return std::nullopt;
    return found->second;
  };
  if (auto v = take("server")) options.server = *v;
  if (auto v = take("serverport"))
    options.port = static_cast<int>(number("serverport", *v, 1, 65535));
  if (auto v = take("ssldir"))
    options.ssldir = *v;
  else
    throw UsageError("--ssldir DIR is required");
  if (auto v = take("facts"))
    options.facts_file = *v;
  else
    throw UsageError("--facts FILE is required");
  if (auto v = take("environment")) options.environment = *v;
  if (auto v = take("nodes"))
    options.nodes = static_cast<unsigned>(number("nodes", *v, 1, 100'000));
  if (auto v = take("concurrency"))
    options.concurrency = static_cast<unsigned>(number("concurrency", *v, 1, 1024));
  if (auto v = take("duration"))
    options.duration = std::chrono::seconds(number("duration", *v, 1, 24 * 3600));
  if (auto v = take("count")) options.count = number("count", *v, 1, 100'000'000);
  if (options.duration.has_value() == options.count.has_value())
    throw UsageError("give exactly one of --duration S and --count K");
  if (auto v = take("node-prefix")) options.node_prefix = *v;
  if (auto v = take("domain")) options.domain = *v;
  if (auto v = take("keylength"))
    options.key_bits = static_cast<int>(number("keylength", *v, 1024, 16384));
  if (auto v = take("timeout"))
    options.timeout = std::chrono::seconds(number("timeout", *v, 1, 3600));
  if (auto v = take("interval"))
    options.interval = std::chrono::seconds(number("interval", *v, 1, 24 * 3600));
  if (auto v = take("run-log")) options.run_log = *v;
  if (options.concurrency > options.nodes)
    throw UsageError("--concurrency " + std::to_string(options.concurrency) +
                     " is more than --nodes " + std::to_string(options.nodes) +
                     ": a node runs one agent run at a time");
  return options;
}

}  // namespace marionette::load
