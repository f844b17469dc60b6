#include "config/settings_table.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <sstream>

#include "compiler/strictness.hpp"

namespace marionette::config {

namespace {

bool boolean_of(const std::string& text) {
  if (text == "true" || text == "yes" || text == "on") return true;
  if (text == "false" || text == "no" || text == "off") return false;
  throw BadValue{"must be true or false, not '" + text + "'"};
}

std::chrono::seconds duration_of(const std::string& text) {
  auto seconds = parse_duration(text);
  if (!seconds)
    throw BadValue{"must be a duration such as 30, 30s, 5m, 2h or 1d, not '" + text + "'"};
  return *seconds;
}

std::string not_empty(const std::string& text) {
  if (text.empty()) throw BadValue{"must not be empty"};
  return text;
}

std::string one_of(const std::string& text, std::initializer_list<const char*> allowed) {
  std::string listed;
  for (const char* value : allowed) {
    if (text == value) return text;
    listed += (listed.empty() ? "" : ", ") + std::string(value);
  }
  throw BadValue{"must be one of " + listed + ", not '" + text + "'"};
}

long number_of(const std::string& text, long low, long high) {
  long value = 0;
  std::size_t used = 0;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || value < low || value > high)
    throw BadValue{"must be a number from " + std::to_string(low) + " to " +
                   std::to_string(high) + ", not '" + text + "'"};
  return value;
}

/// "2g", "512m", "65536k", "1073741824": bytes; 0 means no limit.
std::uint64_t bytes_of(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  std::string unit = text.substr(digits);
  int shift = unit.empty() ? 0 : unit == "k" || unit == "K" ? 10 : unit == "m" || unit == "M" ? 20
              : unit == "g" || unit == "G"                 ? 30
                                                           : -1;
  if (digits == 0 || digits > 12 || shift < 0)
    throw BadValue{"must be a size such as 2g, 512m or 0 (no limit), not '" + text + "'"};
  return std::stoull(text.substr(0, digits)) << shift;
}

int port_of(const std::string& text) { return static_cast<int>(number_of(text, 0, 65535)); }

/// "Web,db" -> {"web", "db"}: Puppet's tags, compared lower-cased.

using C = AgentConfig;
using T = const std::string&;
constexpr SettingKind kText = SettingKind::text;
constexpr SettingKind kSwitch = SettingKind::a_switch;
constexpr SettingKind kDuration = SettingKind::duration;
constexpr SettingKind kNumber = SettingKind::number;
constexpr SettingKind kDurationOrUnlimited = SettingKind::duration_or_unlimited;

}  // namespace

PuppetCompat puppet_compat_of(const std::string& text) {
  return one_of(text, {"7", "8"}) == "7" ? PuppetCompat::puppet7 : PuppetCompat::puppet8;
}

const char* puppet7_default(std::string_view name) {
  // What Puppet 8 changed (its release notes; `config print` of both oracles).
  static const std::pair<std::string_view, const char*> kChanged[] = {
      {"strict", "warning"},
      {"strict_variables", "false"},
      {"include_legacy_facts", "true"},
      {"exclude_unchanged_resources", "false"},
  };
  for (const auto& [changed, old_default] : kChanged)
    if (changed == name) return old_default;
  return nullptr;
}

const std::vector<SettingDefinition>& setting_definitions() {
  // Puppet's defaults where marionette uses the setting the same way; marionette's own paths
  // (/etc/marionette, /var/lib/marionette) where Puppet's are its own (docs/puppet-differences.md).
  static const std::vector<SettingDefinition> all = {
      {"puppet_compat", kText, "8", [](C& c, T v) { c.compat = puppet_compat_of(v); }},
      {"confdir", kText, "/etc/marionette", nullptr},
      {"codedir", kText, "$confdir/code", nullptr},
      {"vardir", kText, nullptr, nullptr},  // the caller's: daemon::default_state_dir()
      {"statedir", kText, "$vardir", [](C& c, T v) { c.statedir = not_empty(v); }},
      {"logdir", kText, "/var/log/marionette", nullptr},
      {"rundir", kText, "/run/marionette", nullptr},
      {"ssldir", kText, "$vardir/ssl", [](C& c, T v) { c.ssldir = not_empty(v); }},
      // ca::HostFiles' layout under ssldir, as Puppet's: printed and seen by the manifests
      // ($settings::hostcert), not settable apart from ssldir.
      {"certdir", kText, "$ssldir/certs", nullptr},
      {"privatekeydir", kText, "$ssldir/private_keys", nullptr},
      {"hostcert", kText, "$certdir/$certname.pem", nullptr},
      {"hostprivkey", kText, "$privatekeydir/$certname.pem", nullptr},
      {"localcacert", kText, "$certdir/ca.pem", nullptr},
      {"hostcrl", kText, "$ssldir/crl.pem", nullptr},
      {"environmentpath", kText, "$codedir/environments",
       [](C& c, T v) { c.environmentpath = not_empty(v); }},
      {"basemodulepath", kText, "$codedir/modules:/usr/share/puppet/modules",
       [](C& c, T v) { c.basemodulepath = v; }},
      {"modulepath", kText, nullptr, [](C& c, T v) { c.modulepath_text = v; }},
      {"environment", kText, "production", [](C& c, T v) { c.environment = not_empty(v); }},
      {"environment_timeout", kDurationOrUnlimited, "0",
       [](C& c, T v) {
         if (v == "unlimited") {
           c.environment_timeout = std::chrono::seconds::max();
           return;
         }
         auto seconds = parse_duration(v);
         if (!seconds)
           throw BadValue{"must be unlimited or a duration such as 0, 30s, 5m or 1h, not '" +
                          v + "'"};
         c.environment_timeout = *seconds;
       }},
      {"ruby_timeout", kDuration, "300", [](C& c, T v) { c.ruby_timeout = duration_of(v); }},
      {"ruby_memory_limit", kText, "2g", [](C& c, T v) { c.ruby_memory_limit = bytes_of(v); }},
      {"env_dir", kText, nullptr, [](C& c, T v) { c.env_dir = not_empty(v); }},
      {"manifest", kText, nullptr, [](C& c, T v) { c.manifest = not_empty(v); }},
      {"hiera_config", kText, "$confdir/hiera.yaml",
       [](C& c, T v) { c.hiera_config = not_empty(v); }},
      {"facts", kText, nullptr, [](C& c, T v) { c.facts = not_empty(v); }},
      {"external_dir", kText, nullptr, [](C& c, T v) { c.external_dir = not_empty(v); }},
      {"include_legacy_facts", kSwitch, "false",
       [](C& c, T v) { c.include_legacy_facts = boolean_of(v); }},
      {"certname", kText, nullptr, [](C& c, T v) { c.certname = not_empty(v); }},
      {"server", kText, "puppet", [](C& c, T v) { c.server = not_empty(v); }},
      {"masterport", kNumber, "8140", [](C& c, T v) { c.serverport = port_of(v); }},
      {"serverport", kNumber, "$masterport", [](C& c, T v) { c.serverport = port_of(v); }},
      {"bindaddress", kText, "", [](C& c, T v) { c.bindaddress = v; }},
      {"reuse_port", kSwitch, "false", [](C& c, T v) { c.reuse_port = boolean_of(v); }},
      {"fileserverconfig", kText, "$confdir/fileserver.conf",
       [](C& c, T v) { c.fileserverconfig = not_empty(v); }},
      {"static_catalogs", kSwitch, "true",
       [](C& c, T v) { c.static_catalogs = boolean_of(v); }},
      {"dns_alt_names", kText, "", [](C& c, T v) { c.dns_alt_names = v; }},
      {"autosign", kText, "$confdir/autosign.conf", [](C& c, T v) { c.autosign = not_empty(v); }},
      {"keylength", kNumber, "4096",
       [](C& c, T v) { c.keylength = static_cast<int>(number_of(v, 1024, 16384)); }},
      {"reportdir", kText, "$vardir/reports", [](C& c, T v) { c.reportdir = not_empty(v); }},
      // Puppet 5's `ca` (a server that is no CA: puppetserver's certificate-authority-disabled-
      // service); `ca = false` in [server], `ca: false` in marionette.yaml, or --no-ca.
      {"ca", kSwitch, "true", [](C& c, T v) { c.ca = boolean_of(v); }},
      {"ca_server", kText, "$server", [](C& c, T v) { c.ca_server = not_empty(v); }},
      {"ca_port", kNumber, "$serverport", [](C& c, T v) { c.ca_port = port_of(v); }},
      {"waitforcert", kDuration, "120", [](C& c, T v) { c.waitforcert = duration_of(v); }},
      {"maxwaitforcert", kDurationOrUnlimited, "unlimited",
       [](C& c, T v) {
         c.maxwaitforcert = v == "unlimited" ? std::chrono::seconds(0) : duration_of(v);
       }},
      {"csr_attributes", kText, "$confdir/csr_attributes.yaml",
       [](C& c, T v) { c.csr_attributes = not_empty(v); }},
      {"certificate_revocation", kText, "chain",
       [](C& c, T v) {
         // Puppet's: true means chain, false turns checking off.
         std::string chosen = one_of(v, {"chain", "leaf", "true", "false"});
         c.certificate_revocation = chosen == "true" ? "chain" : chosen;
       }},
      {"http_connect_timeout", kDuration, "120",
       [](C& c, T v) { c.http_connect_timeout = duration_of(v); }},
      {"http_read_timeout", kDuration, "600",
       [](C& c, T v) { c.http_read_timeout = duration_of(v); }},
      {"noop", kSwitch, "false", [](C& c, T v) { c.noop = boolean_of(v); }},
      {"tags", kText, "", [](C& c, T v) { c.tags = split_tags(v); }},
      {"strict", kText, "error",
       [](C& c, T v) {
         c.strictness.strict =
             *compiler::parse_strict(one_of(v, {"off", "warning", "error"}));
       }},
      {"strict_variables", kSwitch, "true",
       [](C& c, T v) { c.strictness.strict_variables = boolean_of(v); }},
      {"show_diff", kSwitch, "false", [](C& c, T v) { c.show_diff = boolean_of(v); }},
      {"graph", kSwitch, "false", [](C& c, T v) { c.graph = boolean_of(v); }},
      {"graphdir", kText, "$statedir/graphs", [](C& c, T v) { c.graphdir = not_empty(v); }},
      {"runinterval", kDuration, "1800",
       [](C& c, T v) {
         c.runinterval = duration_of(v);
         if (c.runinterval.count() == 0) throw BadValue{"must be longer than 0 seconds"};
       }},
      {"splay", kSwitch, "false", [](C& c, T v) { c.splay = boolean_of(v); }},
      {"splaylimit", kDuration, "$runinterval", [](C& c, T v) { c.splaylimit = duration_of(v); }},
      {"usecacheonfailure", kSwitch, "true",
       [](C& c, T v) { c.usecacheonfailure = boolean_of(v); }},
      {"log_level", kText, "notice",
       [](C& c, T v) {
         c.log_level = one_of(v, {"debug", "info", "notice", "warning", "err"});
       }},
      {"logdest", kText, "", [](C& c, T v) { c.logdest = v.empty() ? "console" : v; }},
      {"route_file", kText, nullptr, [](C& c, T v) { c.route_file = not_empty(v); }},
      {"snmp", kSwitch, "true", [](C& c, T v) { c.snmp = boolean_of(v); }},
      {"agentx_socket", kText, "", [](C& c, T v) { c.agentx_socket = v; }},
      {"root_oid", kText, "", [](C& c, T v) { c.root_oid = v; }},
      {"redis", kText, nullptr, [](C& c, T v) { c.redis = not_empty(v); }},
      {"redis_prefix", kText, "marionette", [](C& c, T v) { c.redis_prefix = not_empty(v); }},
      // PuppetDB's [database] retention (node-ttl or node_ttl); gc_interval in minutes as there
      {"node_ttl", kDuration, "7d", [](C& c, T v) { c.node_ttl = duration_of(v); }},
      {"node_purge_ttl", kDuration, "14d", [](C& c, T v) { c.node_purge_ttl = duration_of(v); }},
      {"report_ttl", kDuration, "14d", [](C& c, T v) { c.report_ttl = duration_of(v); }},
      {"gc_interval", kText, "60",
       [](C& c, T v) { c.puppetdb_gc_interval = std::chrono::minutes(number_of(v, 1, 525600)); }},
      {"fleet_stale_after", kDuration, nullptr,
       [](C& c, T v) { c.fleet_stale_after = duration_of(v); }},
      {"storeconfigs", kSwitch, "false", [](C& c, T v) {
         c.storeconfigs = boolean_of(v);
         c.storeconfigs_written = true;
       }},
      {"exclude_unchanged_resources", kSwitch, "true",
       [](C& c, T v) { c.exclude_unchanged_resources = boolean_of(v); }},
      {"prometheus_textfile_dir", kText, nullptr,
       [](C& c, T v) { c.prometheus_textfile_dir = not_empty(v); }},
      {"prometheus_port", kText, nullptr,
       [](C& c, T v) { c.prometheus_port = static_cast<int>(number_of(v, 0, 65535)); }},
      {"metrics_anonymous_from", kText, "", [](C& c, T v) { c.metrics_anonymous_from = v; }},
  };
  return all;
}

std::string canonical_setting_name(std::string_view name) {
  std::string canonical(name);
  std::replace(canonical.begin(), canonical.end(), '-', '_');
  return canonical;
}

std::string dashed_setting_name(std::string_view name) {
  std::string dashed(name);
  std::replace(dashed.begin(), dashed.end(), '_', '-');
  return dashed;
}

const SettingDefinition* find_setting(std::string_view name) {
  const std::string canonical = canonical_setting_name(name);
  for (const SettingDefinition& setting : setting_definitions())
    if (canonical == setting.name) return &setting;
  return nullptr;
}

std::string normalized_text(const SettingDefinition& setting, const std::string& text) {
  switch (setting.kind) {
    case SettingKind::a_switch:
      return boolean_of(text) ? "true" : "false";
    case SettingKind::duration:
      return std::to_string(duration_of(text).count());
    case SettingKind::duration_or_unlimited:
      return text == "unlimited" ? text : std::to_string(duration_of(text).count());
    case SettingKind::number:  // (its setter checks it)
    case SettingKind::text:
      break;
  }
  return text;
}

bool is_puppet_setting(std::string_view name) {
  // `puppet config print all` of Puppet 7.23 and OpenVox 8.28 lists none of these.
  static constexpr std::string_view kNotPuppets[] = {
      "agentx_socket",
      "bindaddress",
      "ca",
      "env_dir",
      "external_dir",
      "facts",
      "fleet_stale_after",
      "gc_interval",
      "metrics_anonymous_from",
      "node_purge_ttl",
      "node_ttl",
      "prometheus_port",
      "prometheus_textfile_dir",
      "puppet_compat",
      "redis",
      "redis_prefix",
      "report_ttl",
      "reuse_port",
      "root_oid",
      "ruby_memory_limit",
      "ruby_timeout",
      "snmp",
  };
  return std::find(std::begin(kNotPuppets), std::end(kNotPuppets), name) == std::end(kNotPuppets);
}

bool puppet_default_is_undef(std::string_view name) {
  // Of the settings above, those Puppet 7.23 and OpenVox 8.28 leave nil (`$settings::NAME =~
  // Undef` is true in their manifests).
  return name == "logdest";
}

std::vector<std::string> split_tags(const std::string& text) {
  std::vector<std::string> tags;
  std::stringstream in(text);
  for (std::string tag; std::getline(in, tag, ',');) {
    tag.erase(0, tag.find_first_not_of(" \t"));
    tag.erase(tag.find_last_not_of(" \t") + 1);
    for (char& c : tag) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!tag.empty()) tags.push_back(tag);
  }
  return tags;
}

}  // namespace marionette::config
