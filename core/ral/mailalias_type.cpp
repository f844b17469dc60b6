#include <algorithm>

#include "ral/cron_schedule.hpp"
#include "ral/params.hpp"
#include "ral/record_resource.hpp"
#include "ral/spec_resource.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

constexpr const char* kAliases = "/etc/aliases";

/// One line of an aliases file: "NAME: RECIPIENT, …" or "NAME: :include: FILE"
/// (mailalias_core's aliases provider).
struct MailAlias {
  std::string name;
  std::optional<std::vector<std::string>> recipient;
  std::optional<std::string> file;
};

std::string stripped(const std::string& text) {
  static constexpr const char* kSpace = " \t\r\n\f\v";
  std::size_t first = text.find_first_not_of(kSpace);
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

/// Splits at the commas outside double quotes (with the blanks around them), then drops one
/// quote at either end of each recipient, as the provider's post_parse does.
std::vector<std::string> recipients(const std::string& text) {
  std::vector<std::string> items;
  std::string current;
  bool quoted = false;
  for (char c : text) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) {
      items.push_back(stripped(current));
      current.clear();
      continue;
    }
    current += c;
  }
  items.push_back(stripped(current));
  for (auto& item : items) {
    if (!item.empty() && (item.front() == '"' || item.front() == '\'')) item.erase(0, 1);
    if (!item.empty() && (item.back() == '"' || item.back() == '\'')) item.pop_back();
  }
  return items;
}

std::vector<std::string> split_colons(const std::string& line, std::size_t limit) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (parts.size() + 1 < limit) {
    std::size_t colon = line.find(':', at);
    if (colon == std::string::npos) break;
    parts.push_back(line.substr(at, colon - at));
    at = colon + 1;
  }
  parts.push_back(line.substr(at));
  return parts;
}

std::optional<MailAlias> parse_alias(const std::string& line) {
  if (line.find(':') == std::string::npos) return std::nullopt;
  std::vector<std::string> parts = split_colons(line, 4);
  MailAlias alias;
  alias.name = stripped(parts[0]);
  if (parts.size() == 4 && stripped(parts[2]) == "include") {
    alias.file = stripped(parts[3]);
  } else {
    alias.recipient = recipients(stripped(split_colons(line, 2)[1]));
  }
  return alias;
}

/// A recipient with anything but letters, digits, '_', '-', '+', '@' and '.' is quoted.
std::string written_recipient(const std::string& recipient) {
  bool plain = std::all_of(recipient.begin(), recipient.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-' || c == '+' || c == '@' || c == '.';
  });
  return plain ? recipient : "\"" + recipient + "\"";
}

std::string alias_line(const MailAlias& alias) {
  if (alias.recipient) {
    std::string line;
    for (const auto& recipient : *alias.recipient) {
      line += (line.empty() ? "" : ",") + written_recipient(recipient);
    }
    return alias.name + ": " + line;
  }
  return alias.name + ": :include: " + alias.file.value_or("");
}

const RecordFormat<MailAlias>& aliases_format() {
  static const RecordFormat<MailAlias> format{parse_alias, alias_line, nullptr};
  return format;
}

struct MailaliasSpec {
  std::string name;
  bool present = true;
  std::optional<std::vector<std::string>> recipient;
  std::optional<std::string> file;
  std::string target = kAliases;
};

/// Puppet's mailalias with mailalias_core's aliases provider (which runs no newaliases).
class MailaliasResource final : public RecordResource<MailAlias> {
 public:
  MailaliasResource(MailaliasSpec spec, Host host)
      : RecordResource(host, "mailalias"), spec_(std::move(spec)) {}

  std::string identity() const override { return spec_.name; }

  std::vector<std::pair<std::string, std::string>> describe() override {
    bool exists = false;
    std::string error;
    auto file = load_records(*host_.files, spec_.target, format(), exists, error);
    const MailAlias* alias =
        file ? file->find([&](const MailAlias& record) { return matches(record); }) : nullptr;
    if (!alias) return {{"ensure", "'absent'"}};
    std::vector<std::pair<std::string, std::string>> state = {{"ensure", "'present'"}};
    if (alias->file) state.emplace_back("file", single_quoted(*alias->file));
    if (alias->recipient) state.emplace_back("recipient", quoted_list(*alias->recipient));
    state.emplace_back("target", single_quoted(spec_.target));
    return state;
  }

 protected:
  std::string type_name() const override { return "mailalias"; }
  std::string provider_name() const override { return "aliases"; }
  const std::string& target() const override { return spec_.target; }
  const RecordFormat<MailAlias>& format() const override { return aliases_format(); }
  bool present() const override { return spec_.present; }
  bool matches(const MailAlias& record) const override { return record.name == spec_.name; }
  MailAlias created() const override { return {spec_.name, spec_.recipient, spec_.file}; }
  std::vector<RecordChange<MailAlias>> out_of_sync(const MailAlias& record) const override {
    std::vector<RecordChange<MailAlias>> changes;
    if (spec_.recipient && spec_.recipient != record.recipient) {
      changes.push_back({"recipient", record.recipient ? quoted_list(*record.recipient) : "",
                         quoted_list(*spec_.recipient),
                         [wanted = *spec_.recipient](MailAlias& alias) {
                           alias.recipient = wanted;
                         }});
    }
    if (spec_.file && spec_.file != record.file) {
      changes.push_back({"file", record.file ? single_quoted(*record.file) : "",
                         single_quoted(*spec_.file),
                         [wanted = *spec_.file](MailAlias& alias) { alias.file = wanted; }});
    }
    return changes;
  }

 private:
  MailaliasSpec spec_;
};

bool read_spec(const catalog::Resource& resource, MailaliasSpec& spec, std::string& error) {
  spec.name = params::text(resource, "name").value_or(resource.title);
  const std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    error = "Parameter ensure failed on " + resource.ref() + ": Invalid value \"" + ensure +
            "\". Valid values are present, absent.";
    return false;
  }
  spec.present = ensure == "present";
  if (resource.parameters.contains("recipient")) {
    spec.recipient = params::texts(resource, "recipient");
  }
  spec.file = params::text(resource, "file");
  if (spec.file && !spec.file->starts_with("/")) {
    error = "Parameter file failed on " + resource.ref() +
            ": File paths must be fully qualified, not '" + *spec.file + "'";
    return false;
  }
  if (spec.recipient && spec.file) {
    error = "Validation of " + resource.ref() +
            " failed: You cannot specify both a recipient and a file";
    return false;
  }
  spec.target = params::text(resource, "target").value_or(kAliases);
  return true;
}

}  // namespace

std::unique_ptr<ManagedResource> make_mailalias(const catalog::Resource& resource, Host host,
                                                std::string& error) {
  return made_from_spec<MailaliasSpec, MailaliasResource>(resource, host, error, read_spec);
}

/// Puppet's instances: every alias of /etc/aliases.
std::vector<std::string> mailalias_instances(Host host, std::string& error) {
  bool exists = false;
  auto file = load_records(*host.files, kAliases, aliases_format(), exists, error);
  if (!file) return {};
  std::vector<std::string> names;
  for (const auto& line : file->lines) {
    if (line.is_record) names.push_back(line.record.name);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

Provider mailalias_type_provider() {
  return {make_mailalias, mailalias_instances};
}

}  // namespace marionette::ral
