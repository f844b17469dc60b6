#include <algorithm>
#include <regex>

#include "ral/cron_schedule.hpp"
#include "ral/effective_user.hpp"
#include "ral/file_bucket.hpp"
#include "ral/params.hpp"
#include "ral/parsed_file_text.hpp"
#include "ral/record_resource.hpp"
#include "ral/ssh_key_types.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

/// One key of an authorized_keys file: "[OPTIONS ]TYPE KEY[ NAME]" (sshkeys_core's parsed
/// provider). A key without a name is named "TARGET:unnamed-N" and written back nameless.
struct AuthorizedKey {
  std::vector<std::string> options;  ///< empty: none
  std::string type;
  std::string key;
  std::string name;
  bool unnamed = false;
};

/// The type's keyline_regex.
const std::regex& key_line() {
  static const std::regex compiled(
      R"(^(?:(.+)\s+)?(ssh-dss|ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|)"
      R"(ecdsa-sha2-nistp521|ecdsa-sk|ed25519-sk|sk-ecdsa-sha2-nistp256@openssh\.com|)"
      R"(sk-ssh-ed25519@openssh\.com|ssh-rsa-cert-v01@openssh\.com|)"
      R"(ssh-ed25519-cert-v01@openssh\.com|ssh-dss-cert-v01@openssh\.com|)"
      R"(ecdsa-sha2-nistp256-cert-v01@openssh\.com|ecdsa-sha2-nistp384-cert-v01@openssh\.com|)"
      R"(ecdsa-sha2-nistp521-cert-v01@openssh\.com)\s+([^ ]+)\s*(.*)$)");
  return compiled;
}

/// sshd's option list: bare words and word="value" items, separated by commas; reading stops
/// at anything else, as the provider's scanner does.
std::vector<std::string> parse_options(const std::string& text) {
  static const std::regex item(R"re(^[ \t]*([-a-zA-Z0-9_]+="(?:.*?[^\\])"|[-a-zA-Z0-9_]+)[ \t]*,?[ \t]*)re");
  std::vector<std::string> options;
  auto at = text.cbegin();
  std::smatch match;
  while (at != text.cend() && std::regex_search(at, text.cend(), match, item)) {
    options.push_back(match[1]);
    at = match[0].second;
  }
  return options;
}

std::optional<AuthorizedKey> parse_key(const std::string& line) {
  std::smatch match;
  if (!std::regex_match(line, match, key_line())) return std::nullopt;
  AuthorizedKey key;
  if (match[1].matched && match.length(1) > 0) key.options = parse_options(match[1]);
  key.type = match[2];
  key.key = match[3];
  key.name = match[4];
  return key;
}

std::string key_line_text(const AuthorizedKey& key) {
  std::string options;
  for (const auto& option : key.options) options += (options.empty() ? "" : ",") + option;
  std::string line = options + " " + key.type + " " + key.key + " " + (key.unnamed ? "" : key.name);
  line.erase(0, line.find_first_not_of(" \t\r\n\f\v"));  // the record's rts
  return line;
}

const RecordFormat<AuthorizedKey>& authorized_keys_format() {
  static const RecordFormat<AuthorizedKey> format{parse_key, key_line_text, is_comment,
                                                  /*strict=*/true};
  return format;
}

/// The provider's prefetch_hook: nameless keys named "TARGET:unnamed-N".
std::shared_ptr<const ParsedFile<AuthorizedKey>> name_unnamed(
    std::shared_ptr<const ParsedFile<AuthorizedKey>> file, const std::string& target) {
  bool any = std::any_of(file->lines.begin(), file->lines.end(), [](const auto& line) {
    return line.is_record && line.record.name.empty();
  });
  if (!any) return file;
  auto named = std::make_shared<ParsedFile<AuthorizedKey>>(*file);
  int count = 0;
  for (auto& line : named->lines) {
    if (!line.is_record || !line.record.name.empty()) continue;
    line.record.unnamed = true;
    line.record.name = target + ":unnamed-" + std::to_string(++count);
  }
  return named;
}

struct AuthorizedKeySpec {
  std::string name;
  bool present = true;
  std::optional<std::string> type, key, user;
  std::vector<std::string> options;  ///< empty: none (the type's default, absent)
  std::string target;
};

/// No options is Puppet's absent (shown by "defined"/"undefined 'options'").
std::string options_shown(const std::vector<std::string>& options) {
  return options.empty() ? "" : quoted_list(options);
}

/// Puppet's ssh_authorized_key with sshkeys_core's parsed provider. The file is written as
/// the user would write it: the .ssh directory made (0700, not its parents), the file 0600,
/// both owned by the user.
class AuthorizedKeyResource final : public RecordResource<AuthorizedKey> {
 public:
  AuthorizedKeyResource(AuthorizedKeySpec spec, Host host)
      : RecordResource(host, "ssh_authorized_key"), spec_(std::move(spec)) {}

  std::string identity() const override { return spec_.name; }

 protected:
  std::string type_name() const override { return "ssh_authorized_key"; }
  std::string provider_name() const override { return "parsed"; }
  const std::string& target() const override { return spec_.target; }
  const RecordFormat<AuthorizedKey>& format() const override { return authorized_keys_format(); }
  bool present() const override { return spec_.present; }
  bool matches(const AuthorizedKey& record) const override { return record.name == spec_.name; }
  AuthorizedKey created() const override {
    return {spec_.options, spec_.type.value_or(""), spec_.key.value_or(""), spec_.name, false};
  }
  std::vector<RecordChange<AuthorizedKey>> out_of_sync(const AuthorizedKey& record) const override {
    std::vector<RecordChange<AuthorizedKey>> changes;
    if (spec_.type && *spec_.type != record.type) {
      changes.push_back({"type", single_quoted(record.type), single_quoted(*spec_.type),
                         [type = *spec_.type](AuthorizedKey& key) { key.type = type; }});
    }
    if (spec_.key && *spec_.key != record.key) {
      changes.push_back({"key", single_quoted(record.key), single_quoted(*spec_.key),
                         [text = *spec_.key](AuthorizedKey& key) { key.key = text; }});
    }
    if (spec_.options != record.options) {
      changes.push_back({"options", options_shown(record.options), options_shown(spec_.options),
                         [options = spec_.options](AuthorizedKey& key) { key.options = options; },
                         "['absent']"});
    }
    return changes;
  }

  std::shared_ptr<const ParsedFile<AuthorizedKey>> prefetched(
      std::shared_ptr<const ParsedFile<AuthorizedKey>> file) const override {
    return name_unnamed(std::move(file), spec_.target);
  }

  /// The provider's flush: the old file backed up as root, then, as the user (Puppet's
  /// drop_privileges), the .ssh directory made 0700 when missing and the file written 0600.
  std::optional<std::string> flush(const ParsedFile<AuthorizedKey>& file) override {
    if (!spec_.user) return "Cannot write SSH authorized keys without user";
    std::optional<UserEntry> user = host_.accounts->user(*spec_.user);
    if (!user) return "User '" + *spec_.user + "' does not exist";
    FileSystem& files = *host_.files;
    const std::string bucket = host_.paths ? host_.paths->clientbucket : "";
    std::string old_text, sum;
    if (!bucket.empty() && files.read(spec_.target, old_text).ok) {
      IoResult saved = backup_to_filebucket(files, bucket, spec_.target, old_text, sum);
      if (!saved.ok) return "Could not back up " + spec_.target + ": " + saved.error;
    }
    const std::string text = render_records(file, format(), ruby_time_now());
    EffectiveUser as_user(*spec_.user, user->uid, user->gid);
    if (!as_user.ok()) return "Could not switch to user " + *spec_.user;
    const std::string dir = spec_.target.substr(0, spec_.target.rfind('/'));
    if (!dir.empty() && !files.exists(dir)) {
      IoResult made = files.make_directory(dir, 0700);
      if (!made.ok) {  // Ruby's Errno text: "No such file or directory @ dir_s_mkdir - DIR"
        return made.error.substr(0, made.error.find(" - ")) + " @ dir_s_mkdir - " + dir;
      }
      files.change_owner(dir, user->uid, user->gid);
    }
    IoResult written = files.write_atomic(spec_.target, text, {0600, user->uid, user->gid});
    if (!written.ok) {  // Puppet's FileTypeFlat#write, with Ruby's errno text
      const std::string why = written.error.substr(0, written.error.find(" - "));
      return "Puppet::Util::FileType::FileTypeFlat could not write " + spec_.target + ": " +
             why + " @ rb_sysopen - " + spec_.target;
    }
    IoResult mode = files.change_mode(spec_.target, 0600);
    return mode.ok ? std::nullopt : std::optional<std::string>(mode.error);
  }

 private:
  AuthorizedKeySpec spec_;
};

bool read_spec(const catalog::Resource& resource, Host host, AuthorizedKeySpec& spec,
               std::string& error) {
  auto fail = [&](const std::string& parameter, const std::string& reason) {
    error = "Parameter " + parameter + " failed on " + resource.ref() + ": " + reason;
    return false;
  };
  spec.name = params::text(resource, "name").value_or(resource.title);
  const std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    return fail("ensure", "Invalid value \"" + ensure + "\". Valid values are present, absent.");
  }
  spec.present = ensure == "present";
  if (auto type = params::text(resource, "type")) spec.type = canonical_key_type(*type);
  spec.key = params::text(resource, "key");
  if (spec.key && spec.key->find_first_of(" \t\r\n\f\v") != std::string::npos) {
    return fail("key", "Key must not contain whitespace: " + *spec.key);
  }
  spec.user = params::text(resource, "user");
  static const std::regex option(R"(^[-a-z0-9A-Z_]+(?:=".*?")?$)");
  for (const auto& value : params::texts(resource, "options")) {
    if (value == "absent") continue;
    if (!std::regex_match(value, option)) {
      return fail("options", "Option " + value +
                                 " is not valid. A single option must either be of the form "
                                 "'option' or 'option=\"value\"'. Multiple options must be "
                                 "provided as an array");
    }
    spec.options.push_back(value);
  }
  std::optional<std::string> target = params::text(resource, "target");
  if (!target && !spec.user) {
    error = "Validation of " + resource.ref() + " failed: Attribute 'user' or 'target' is mandatory";
    return false;
  }
  if (!target) {
    std::optional<UserEntry> user = host.accounts->user(*spec.user);
    if (!user) {
      error = "User '" + *spec.user + "' does not exist";
      return false;
    }
    target = user->home + "/.ssh/authorized_keys";
  }
  spec.target = *target;
  return true;
}

}  // namespace

std::unique_ptr<ManagedResource> make_ssh_authorized_key(const catalog::Resource& resource,
                                                         Host host, std::string& error) {
  AuthorizedKeySpec spec;
  if (!read_spec(resource, host, spec, error)) return nullptr;
  return std::make_unique<AuthorizedKeyResource>(std::move(spec), host);
}

Provider ssh_authorized_key_type_provider() {
  return {make_ssh_authorized_key, nullptr};
}

}  // namespace marionette::ral
