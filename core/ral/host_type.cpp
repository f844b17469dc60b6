#include <arpa/inet.h>

#include <algorithm>
#include <regex>

#include "ral/hosts_file.hpp"
#include "ral/params.hpp"
#include "ral/parsed_file_text.hpp"
#include "ral/resource_type.hpp"
#include "ral/spec_resource.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

constexpr const char* kDefaultHostsFile = "/etc/hosts";

struct HostSpec {
  std::string name;
  bool present = true;
  std::optional<std::string> ip;
  std::optional<std::vector<std::string>> host_aliases;
  std::optional<std::string> comment;
  std::string target = kDefaultHostsFile;
};

std::string quoted_words(const std::string& spaced) {
  std::string text;
  std::size_t at = 0;
  while (at < spaced.size()) {
    std::size_t space = spaced.find(' ', at);
    if (space == std::string::npos) space = spaced.size();
    if (space > at) text += (text.empty() ? "'" : ", '") + spaced.substr(at, space - at) + "'";
    at = space + 1;
  }
  return "[" + text + "]";
}

/// The hosts file, parsed once while its text stays the same; null when it cannot be read.
std::shared_ptr<const HostsFile> read_hosts(FileSystem& files, const std::string& path,
                                            std::string& error) {
  bool exists = false;
  return load_records(files, path, hosts_format(), exists, error);
}

/// The entry named `name`: the last one, as Puppet's prefetch keeps the last.
auto named(const std::string& name) {
  return [&name](const HostEntry& entry) { return entry.name == name; };
}

/// Puppet's host type with host_core's parsed provider: one line of a hosts file.
class HostResource final : public ManagedResource {
 public:
  HostResource(HostSpec spec, Host host) : spec_(std::move(spec)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    std::string error;
    auto parsed = read_hosts(*host_.files, spec_.target, error);
    if (!parsed) return context.evaluation_failed(error);
    const HostEntry* current = parsed->find(named(spec_.name));
    if (!needs_change(current)) return;
    HostsFile file = *parsed;
    if (!sync(context, file) || context.noop()) return;
    const HostEntry* entry = file.find(named(spec_.name));
    if (entry && entry->ip.empty()) {
      return context.evaluation_failed("ip is a required attribute for hosts");
    }
    if (auto failure = write(file)) context.evaluation_failed(*failure);
  }

  std::string identity() const override { return spec_.name; }

  std::vector<std::pair<std::string, std::string>> describe() override {
    std::string error;
    auto file = read_hosts(*host_.files, spec_.target, error);
    if (!file) return {};
    const HostEntry* entry = file->find(named(spec_.name));
    if (!entry) return {{"ensure", "'absent'"}, {"provider", "'parsed'"}};
    std::vector<std::pair<std::string, std::string>> state = {{"ensure", "'present'"}};
    if (!entry->comment.empty()) state.emplace_back("comment", single_quoted(entry->comment));
    if (entry->host_aliases && !entry->host_aliases->empty()) {
      state.emplace_back("host_aliases", quoted_words(*entry->host_aliases));
    }
    state.emplace_back("ip", single_quoted(entry->ip));
    state.emplace_back("provider", "'parsed'");
    state.emplace_back("target", single_quoted(spec_.target));
    return state;
  }

 private:
  /// Whether anything is out of sync (an in-sync run copies nothing).
  bool needs_change(const HostEntry* entry) const {
    if (!entry) return spec_.present;
    if (!spec_.present) return true;
    if (spec_.ip && *spec_.ip != entry->ip) return true;
    if (spec_.host_aliases &&
        entry->host_aliases.value_or("") != joined_fields(*spec_.host_aliases, " ")) {
      return true;
    }
    return spec_.comment && *spec_.comment != entry->comment;
  }

  /// Brings the entry in line (or reports it in noop); false when nothing is to be written.
  bool sync(ResourceContext& context, HostsFile& file) {
    HostEntry* entry = file.find(named(spec_.name));
    if (!spec_.present) {
      if (!entry) return false;
      if (context.noop()) {
        context.would_change("ensure", "host_removed", "'present'", "'absent'");
        return false;
      }
      file.remove(entry);
      context.changed("ensure", "host_removed", "removed", "present", "absent");
      return true;
    }
    if (!entry) {
      if (context.noop()) {
        context.would_change("ensure", "host_created", "'absent'", "'present'");
        return false;
      }
      HostEntry created;
      created.ip = spec_.ip.value_or("");
      created.name = spec_.name;
      if (spec_.host_aliases) created.host_aliases = joined_fields(*spec_.host_aliases, " ");
      created.comment = spec_.comment.value_or("");
      file.append(std::move(created));
      context.changed("ensure", "host_created", "created", "absent", "present");
      return true;
    }
    bool changed = false;
    auto change = [&](const std::string& property, const std::string& is, const std::string& should,
                      const std::string& message, auto apply) {
      if (context.noop()) return context.would_change(property, property + "_changed", is, should);
      apply();
      changed = true;
      context.changed(property, property + "_changed", message);
    };
    if (spec_.ip && *spec_.ip != entry->ip) {
      const std::string is = single_quoted(entry->ip), should = single_quoted(*spec_.ip);
      change("ip", is, should, "ip changed " + is + " to " + should,
             [&] { entry->ip = *spec_.ip; });
    }
    if (spec_.host_aliases) {
      const std::string current = entry->host_aliases.value_or("");
      const std::string wanted = joined_fields(*spec_.host_aliases, " ");
      if (current != wanted) {
        // Puppet's ordered list: the current aliases bare, the wanted ones quoted.
        const std::string should = single_quoted(wanted);
        std::string message = entry->host_aliases
                                  ? "host_aliases changed " + current + " to " + should
                                  : "defined 'host_aliases' as " + should;
        change("host_aliases", entry->host_aliases ? current : "'absent'", should, message,
               [&] { entry->host_aliases = wanted; });
      }
    }
    if (spec_.comment && *spec_.comment != entry->comment) {
      const std::string is = single_quoted(entry->comment), should = single_quoted(*spec_.comment);
      change("comment", is, should, "comment changed " + is + " to " + should,
             [&] { entry->comment = *spec_.comment; });
    }
    return changed;
  }

  /// Puppet's flush: the whole file rewritten (the old one backed up first).
  std::optional<std::string> write(const HostsFile& file) {
    return write_target(host_, spec_.target, render_hosts_file(file, ruby_time_now()), {});
  }

  HostSpec spec_;
  Host host_;
};

bool valid_ipv4(const std::string& address) {
  static const std::regex dotted(R"(^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$)");
  std::smatch match;
  if (!std::regex_match(address, match, dotted)) return false;
  for (std::size_t i = 1; i <= 4; ++i) {
    if (std::stoi(match[i].str()) > 255) return false;
  }
  return true;
}

/// An IPv6 address, optionally with a %zone and surrounding blanks, as host_core accepts.
bool valid_ipv6(const std::string& address) {
  static const std::regex parts(R"(^\s*([0-9A-Fa-f:.]+)(%.+)?\s*$)");
  std::smatch match;
  if (!std::regex_match(address, match, parts)) return false;
  in6_addr parsed{};
  return ::inet_pton(AF_INET6, match[1].str().c_str(), &parsed) == 1;
}

bool valid_host_name(const std::string& name) {
  static const std::regex part(R"(^(\w+|\w[\w\-]+\w)$)");
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (at <= name.size()) {
    std::size_t dot = name.find('.', at);
    if (dot == std::string::npos) dot = name.size();
    parts.push_back(name.substr(at, dot - at));
    at = dot + 1;
  }
  while (!parts.empty() && parts.back().empty()) parts.pop_back();  // Ruby's split
  return std::all_of(parts.begin(), parts.end(),
                     [](const std::string& text) { return std::regex_match(text, part); });
}

bool has_newline(const std::string& text) {
  return text.find_first_of("\r\n") != std::string::npos;
}

bool read_spec(const catalog::Resource& resource, HostSpec& spec, std::string& error) {
  spec.name = params::text(resource, "name").value_or(resource.title);
  if (has_newline(spec.name)) {
    error = params::parameter_error(resource, "name", "Hostname cannot include newline");
    return false;
  }
  if (!valid_host_name(spec.name)) {
    error = params::parameter_error(resource, "name", "Invalid host name");
    return false;
  }
  const std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    error = params::parameter_error(
        resource, "ensure", "Invalid value \"" + ensure + "\". Valid values are present, absent.");
    return false;
  }
  spec.present = ensure == "present";
  spec.ip = params::text(resource, "ip");
  if (spec.ip && (has_newline(*spec.ip) || !(valid_ipv4(*spec.ip) || valid_ipv6(*spec.ip)))) {
    error = params::parameter_error(resource, "ip", "Invalid IP address \"" + *spec.ip + "\"");
    return false;
  }
  if (resource.parameters.contains("host_aliases")) {
    spec.host_aliases = params::texts(resource, "host_aliases");
    for (const auto& alias : *spec.host_aliases) {
      std::string reason;
      if (alias.find_first_of(" \t\r\n\f\v") != std::string::npos) {
        reason = "Host aliases cannot include whitespace";
      } else if (alias.empty()) {
        reason =
            "Host aliases cannot be an empty string. Use an empty array to delete all "
            "host_aliases ";
      }
      if (reason.empty()) continue;
      error = params::parameter_error(resource, "host_aliases", reason);
      return false;
    }
  }
  spec.comment = params::text(resource, "comment");
  if (spec.comment && has_newline(*spec.comment)) {
    error = params::parameter_error(resource, "comment", "Comment cannot include newline");
    return false;
  }
  spec.target = params::text(resource, "target").value_or(kDefaultHostsFile);
  return true;
}

}  // namespace

std::unique_ptr<ManagedResource> make_host(const catalog::Resource& resource, Host host,
                                           std::string& error) {
  return made_from_spec<HostSpec, HostResource>(resource, host, error, read_spec);
}

/// Puppet's parsed-file instances: every entry of the default hosts file, by name.
std::vector<std::string> host_instances(Host host, std::string& error) {
  auto file = read_hosts(*host.files, kDefaultHostsFile, error);
  if (!file) return {};
  std::vector<std::string> names;
  for (const auto& line : file->lines) {
    if (line.is_record) names.push_back(line.record.name);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

Provider host_type_provider() {
  return {make_host, host_instances};
}

}  // namespace marionette::ral
