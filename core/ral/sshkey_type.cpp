#include <algorithm>

#include "ral/cron_schedule.hpp"
#include "ral/params.hpp"
#include "ral/record_resource.hpp"
#include "ral/spec_resource.hpp"
#include "ral/ssh_key_types.hpp"
#include "ral/types.hpp"
#include "text/text.hpp"

namespace marionette::ral {

namespace {

constexpr const char* kKnownHosts = "/etc/ssh/ssh_known_hosts";

/// One line of a known_hosts file: "NAME[,ALIAS…] TYPE KEY" (sshkeys_core's parsed provider).
struct KnownHost {
  std::string name;
  std::vector<std::string> host_aliases;
  std::string type;
  std::string key;
};

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (true) {
    std::size_t next = text.find(separator, at);
    parts.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) return parts;
    at = next + 1;
  }
}

/// The record's three fields (Puppet's rollup joins the rest onto the key).
std::optional<KnownHost> parse_known_host(const std::string& line) {
  std::vector<std::string> fields = record_fields(line, 3, " ");
  if (fields.size() < 3) return std::nullopt;
  KnownHost host;
  std::vector<std::string> names = split(fields[0], ',');
  host.name = names.front();
  host.host_aliases.assign(names.begin() + 1, names.end());
  host.type = fields[1];
  host.key = fields[2];
  return host;
}

std::string known_host_line(const KnownHost& host) {
  std::string names = host.name;
  for (const auto& alias : host.host_aliases) names += "," + alias;
  return names + " " + host.type + " " + host.key;
}

const RecordFormat<KnownHost>& known_hosts_format() {
  static const RecordFormat<KnownHost> format{parse_known_host, known_host_line, nullptr};
  return format;
}

struct SshkeySpec {
  std::string name;
  std::string type;
  bool present = true;
  std::optional<std::string> key;
  std::optional<std::vector<std::string>> host_aliases;
  std::string target = kKnownHosts;
};

/// Puppet's sshkey with sshkeys_core's parsed provider: one host key in a known_hosts file,
/// found by name and key type.
class SshkeyResource final : public RecordResource<KnownHost> {
 public:
  SshkeyResource(SshkeySpec spec, Host host)
      : RecordResource(host, "sshkey"), spec_(std::move(spec)) {}

  std::string identity() const override { return spec_.name + "@" + spec_.type; }
  std::optional<std::string> display_title() const override { return identity(); }

  std::vector<std::pair<std::string, std::string>> describe() override {
    bool exists = false;
    std::string error;
    auto file = load_records(*host_.files, spec_.target, format(), exists, error);
    const KnownHost* entry =
        file ? file->find([&](const KnownHost& record) { return matches(record); }) : nullptr;
    if (!entry) return {{"ensure", "'absent'"}};
    std::vector<std::pair<std::string, std::string>> state = {{"ensure", "'present'"}};
    if (!entry->host_aliases.empty()) {
      state.emplace_back("host_aliases", quoted_list(entry->host_aliases));
    }
    state.emplace_back("key", single_quoted(entry->key));
    state.emplace_back("target", single_quoted(spec_.target));
    return state;
  }

 protected:
  std::string type_name() const override { return "sshkey"; }
  std::string provider_name() const override { return "parsed"; }
  const std::string& target() const override { return spec_.target; }
  const RecordFormat<KnownHost>& format() const override { return known_hosts_format(); }
  bool present() const override { return spec_.present; }
  bool matches(const KnownHost& record) const override {
    return record.name == spec_.name && record.type == spec_.type;
  }
  KnownHost created() const override {
    return {spec_.name, spec_.host_aliases.value_or(std::vector<std::string>{}), spec_.type,
            spec_.key.value_or("")};
  }
  std::vector<RecordChange<KnownHost>> out_of_sync(const KnownHost& record) const override {
    std::vector<RecordChange<KnownHost>> changes;
    if (spec_.key && *spec_.key != record.key) {
      changes.push_back({"key", single_quoted(record.key), single_quoted(*spec_.key),
                         [key = *spec_.key](KnownHost& host) { host.key = key; }});
    }
    if (spec_.host_aliases && *spec_.host_aliases != record.host_aliases) {
      changes.push_back({"host_aliases", quoted_list(record.host_aliases),
                         quoted_list(*spec_.host_aliases),
                         [aliases = *spec_.host_aliases](KnownHost& host) {
                           host.host_aliases = aliases;
                         }});
    }
    return changes;
  }

 private:
  SshkeySpec spec_;
};

bool read_spec(const catalog::Resource& resource, SshkeySpec& spec, std::string& error) {
  auto fail = [&](const std::string& parameter, const std::string& reason) {
    error = "Parameter " + parameter + " failed on " + resource.ref() + ": " + reason;
    return false;
  };
  spec.name = params::text(resource, "name").value_or(resource.title);
  std::optional<std::string> type = params::text(resource, "type");
  if (!type && spec.name.find('@') != std::string::npos) {  // the "name@type" title pattern
    type = spec.name.substr(spec.name.find('@') + 1);
    spec.name = spec.name.substr(0, spec.name.find('@'));
  }
  if (text::has_whitespace(spec.name))
    return fail("name", "Resourcename cannot include whitespaces");
  if (spec.name.find(',') != std::string::npos) {
    return fail("name",
                "No comma in resourcename allowed. If you want to specify aliases use the "
                "host_aliases property");
  }
  spec.type = canonical_key_type(type.value_or(""));
  const std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    return fail("ensure", "Invalid value \"" + ensure + "\". Valid values are present, absent.");
  }
  spec.present = ensure == "present";
  spec.key = params::text(resource, "key");
  if (resource.parameters.contains("host_aliases")) {
    spec.host_aliases = params::texts(resource, "host_aliases");
    for (const auto& alias : *spec.host_aliases) {
      if (text::has_whitespace(alias))
        return fail("host_aliases", "Aliases cannot include whitespace");
      if (alias.find(',') != std::string::npos) {
        return fail("host_aliases",
                    "Aliases must be provided as an array, not a comma-separated list");
      }
    }
  }
  spec.target = params::text(resource, "target").value_or(kKnownHosts);
  return true;
}

}  // namespace

std::unique_ptr<ManagedResource> make_sshkey(const catalog::Resource& resource, Host host,
                                             std::string& error) {
  return made_from_spec<SshkeySpec, SshkeyResource>(resource, host, error, read_spec);
}

/// Puppet's instances: every key of the default known_hosts file, titled NAME@TYPE.
std::vector<std::string> sshkey_instances(Host host, std::string& error) {
  bool exists = false;
  auto file = load_records(*host.files, kKnownHosts, known_hosts_format(), exists, error);
  if (!file) return {};
  std::vector<std::string> titles;
  for (const auto& line : file->lines) {
    if (line.is_record) titles.push_back(line.record.name + "@" + line.record.type);
  }
  std::sort(titles.begin(), titles.end());
  titles.erase(std::unique(titles.begin(), titles.end()), titles.end());
  return titles;
}

Provider sshkey_type_provider() {
  return {make_sshkey, sshkey_instances};
}

}  // namespace marionette::ral
