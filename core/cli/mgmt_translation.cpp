#include "cli/mgmt_translation.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <string_view>

namespace marionette::cli::mgmt {

namespace {

using compiler::Value;
using Fields = compiler::Hash;

/// puppet-mgmtgraph's default: Puppet's runinterval, which sets how often mgmt re-checks.
constexpr int kRunInterval = 1800;

/// One resource's translation, or the reason it falls back to a pippet node.
class Translation {
 public:
  Translation(const catalog::Resource& resource, const std::string& ref, const Log& log)
      : resource_(resource), ref_(ref), log_(log) {}

  std::optional<Value> param(const std::string& name) const {
    auto found = resource_.parameters.find(name);
    if (found == resource_.parameters.end() || found->is_null()) return std::nullopt;
    return to_value(*found);
  }
  std::string text(const std::string& name) const {
    auto found = resource_.parameters.find(name);
    if (found == resource_.parameters.end()) return "";
    if (found->is_string()) return found->get<std::string>();
    return found->dump();
  }
  bool has(const std::string& name) const { return resource_.parameters.contains(name); }

  void add(const std::string& field, Value value) { fields_.emplace_back(field, std::move(value)); }
  void carry(const std::string& name, const std::string& field = "") {
    if (auto value = param(name)) add(field.empty() ? name : field, *value);
  }
  /// Puppet's translation_failure: logged, and the resource becomes a pippet node.
  void fail(const std::string& message) {
    log_("err", ref_ + " " + message);
    clean_ = false;
  }
  void warn(const std::string& message) { log_("warning", ref_ + " " + message); }

  /// Every attribute the type's translation does not know fails it (metaparameters too).
  void only(std::initializer_list<const char*> known) {
    static const char* const kAlways[] = {"loglevel", "before", "require", "notify", "subscribe"};
    for (const auto& [name, value] : resource_.parameters.items()) {
      bool listed = std::find(std::begin(kAlways), std::end(kAlways), name) != std::end(kAlways);
      for (const char* k : known) listed |= name == k;
      if (!listed) fail("cannot translate attribute '" + name + "', failing resource translation");
    }
  }

  bool clean() const { return clean_; }
  Fields take() { return std::move(fields_); }

  static Value to_value(const catalog::Data& data) {
    if (data.is_string()) return data.get<std::string>();
    if (data.is_boolean()) return data.get<bool>();
    if (data.is_number_integer()) return data.get<std::int64_t>();
    if (data.is_number_float()) return data.get<double>();
    if (data.is_array()) {
      compiler::Array items;
      for (const auto& item : data) items.push_back(to_value(item));
      return items;
    }
    if (data.is_object()) {
      Fields entries;
      for (const auto& [key, item] : data.items()) entries.emplace_back(key, to_value(item));
      return entries;
    }
    return Value();
  }

 private:
  const catalog::Resource& resource_;
  std::string ref_;
  const Log& log_;
  Fields fields_;
  bool clean_ = true;
};

std::string trimmed_path(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

/// "644" -> "0644": a numeric mode as Puppet's file type normalises it.
std::string file_mode(const std::string& mode) {
  bool numeric = !mode.empty() && mode.find_first_not_of("01234567") == std::string::npos;
  return numeric && mode.size() < 4 ? std::string(4 - mode.size(), '0') + mode : mode;
}

// ensure present/absent as mgmt's state exists/absent (users and groups).
void translate_presence(Translation& t, std::string_view type) {
  if (!t.has("ensure")) return;
  std::string ensure = t.text("ensure");
  if (ensure == "present")
    t.add("state", "exists");
  else if (ensure == "absent")
    t.add("state", "absent");
  else
    t.fail("cannot translate " + std::string(type) + " ensure:" + ensure);
}

void translate_file(Translation& t, const catalog::Resource& r) {
  std::string path = trimmed_path(t.has("path") ? t.text("path") : r.title);
  std::string ensure = t.text("ensure");
  t.add("name", r.title);
  t.carry("owner");
  t.carry("group");
  if (t.has("mode")) t.add("mode", file_mode(t.text("mode")));
  t.carry("recurse");
  t.carry("force");
  t.add("path", ensure == "directory" ? path + "/" : path);
  if (!ensure.empty()) {
    if (ensure == "present" || ensure == "file" || ensure == "directory")
      t.add("state", "exists");
    else if (ensure == "absent")
      t.add("state", "absent");
    else
      t.fail("cannot translate file ensure:" + ensure);
  }
  auto source = t.param("source");
  if (ensure == "directory" && source) {
    auto sources = r.parameters.at("source");
    std::string first = sources.is_array() ? (sources.empty() ? "" : sources[0].get<std::string>())
                                           : sources.get<std::string>();
    if (first.rfind("file:", 0) == 0) first = first.substr(5);
    if (sources.is_array() && sources.size() > 1)
      t.fail("uses multiple sources - this will not be translated");
    else if (first.rfind("puppet:", 0) == 0)
      t.fail("uses a puppet fileserver URL source - this will not be translated");
    else
      t.add("content", first);
  } else if (t.has("content")) {
    t.carry("content");
  }
  if (t.has("purge") && t.text("purge") == "true")
    t.fail(
        "uses the purge attribute, which cannot be translated. Unmanaged content will be ignored.");
  if (t.has("replace") && t.text("replace") == "false")
    t.fail("sets replace => false, which is not available in mgmt.");
  if (t.has("links") && t.text("links") != "manage")
    t.fail("is configured to follow symlinks, which does not translate.");
  if (t.has("source_permissions") && t.text("source_permissions") != "ignore")
    t.fail("does not ignore source permissions, which does not translate.");
  if (t.has("validate_cmd"))
    t.warn("has a validate_cmd, which does not translate to mgmt. There will be no validation!");
  t.only({"path",
          "owner",
          "group",
          "mode",
          "recurse",
          "force",
          "ensure",
          "content",
          "source",
          "validate_replacement",
          "provider",
          "sourceselect",
          "show_diff",
          "checksum",
          "validate_cmd",
          "purge",
          "backup",
          "replace",
          "links",
          "source_permissions",
          "selinux_ignore_defaults",
          "max_files"});
}

void translate_exec(Translation& t, const catalog::Resource& r) {
  t.add("name", r.title);
  t.add("cmd", t.has("command") ? t.text("command") : r.title);
  double timeout = 300.0;  // the exec type's default, which Puppet always carries
  if (t.has("timeout")) timeout = std::strtod(t.text("timeout").c_str(), nullptr);
  t.add("timeout", timeout);
  t.carry("user");
  t.carry("group");
  t.carry("cwd");
  for (const char* shell : {"shell", "watchshell", "ifshell"}) t.add(shell, "/bin/bash");
  t.add("watchcmd", "while : ; do echo \"puppet run interval passed\" ; /bin/sleep " +
                        std::to_string(kRunInterval) + " ; done");
  t.carry("onlyif", "ifcmd");
  t.add("state", "present");
  t.add("pollint", std::int64_t{0});
  if (t.has("returns") && t.text("returns") != "0" && t.text("returns") != "[0]" &&
      t.text("returns") != "[\"0\"]")
    t.fail("expects return code(s) other than 0, which mgmt does not support.");
  t.only({"command", "timeout", "user", "group", "cwd", "onlyif", "provider", "logoutput",
          "try_sleep", "returns", "tries"});
}

void translate_notify(Translation& t, const catalog::Resource& r) {
  t.add("name", r.title);
  t.add("body", r.title);  // the face's rename gives the name, whatever the message
  std::string level = t.has("loglevel") ? t.text("loglevel") : "notice";
  if (level == "verbose") level = "notice";
  if (!level.empty())
    level[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(level[0])));
  t.add("priority", level);
  t.only({"message", "withpath"});
}

void translate_package(Translation& t, const catalog::Resource& r) {
  t.add("name", t.has("name") ? t.text("name") : r.title);
  std::string ensure = t.has("ensure") ? t.text("ensure") : "installed";
  if (ensure == "installed" || ensure == "present") {
    t.add("state", "installed");
  } else if (ensure == "purged" || ensure == "absent") {
    t.add("state", "uninstalled");
  } else {
    t.fail(
        "uses an ensure value that currently cannot be translated for mgmt (defaulting to "
        "'installed')");
    t.add("state", "installed");
  }
  t.only({"name", "ensure", "provider", "allow_virtual", "configfiles", "reinstall_on_refresh"});
}

void translate_service(Translation& t, const catalog::Resource& r) {
  t.add("name", t.has("name") ? t.text("name") : r.title);
  if (t.has("ensure")) {
    std::string ensure = t.text("ensure");
    t.add("state", ensure == "running" || ensure == "true" ? "running" : "stopped");
  }
  if (t.has("enable")) t.add("startup", t.text("enable") == "true" ? "enabled" : "disabled");
  // mgmt runs services through systemd only; Puppet picks another provider without it.
  std::error_code none;
  std::string provider = t.has("provider") ? t.text("provider")
                         : std::filesystem::is_directory("/run/systemd/system", none) ? "systemd"
                                                                                      : "debian";
  if (provider != "systemd")
    t.fail("uses a non-default provider, while mgmt will use systemd only.");
  if (t.has("pattern") && t.text("pattern") != r.title)
    t.fail("uses a process name pattern, which mgmt does not support.");
  t.only({"name", "ensure", "enable", "hasstatus", "provider", "pattern"});
}

void translate_user(Translation& t, const catalog::Resource& r) {
  t.add("name", r.title);
  t.carry("uid");
  if (auto groups = t.param("groups")) {
    compiler::Array list;
    auto add = [&](const std::string& text) {
      for (std::size_t start = 0;;) {
        std::size_t comma = text.find(',', start);
        list.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    };
    const auto& data = r.parameters.at("groups");
    if (data.is_array()) {
      for (const auto& g : data) add(g.is_string() ? g.get<std::string>() : g.dump());
    } else {
      add(t.text("groups"));
    }
    t.add("groups", list);
  }
  translate_presence(t, "user");
  t.carry("home", "homedir");
  t.carry("allowdupe", "allowduplicateuid");
  if (t.has("gid")) {
    std::string gid = t.text("gid");
    if (!gid.empty() && gid.find_first_not_of("0123456789") == std::string::npos)
      t.add("gid", std::int64_t{std::stoll(gid)});
    else
      t.add("group", gid);
  }
  if (t.has("comment")) t.warn("comments are not supported by mgmt and will be ignored");
  if (t.has("managehome") && t.text("managehome") == "true")
    t.fail("the managehome parameter is not supported");
  t.only({"name", "uid", "groups", "ensure", "home", "allowdupe", "gid", "comment", "provider",
          "membership", "role_membership", "auth_membership", "profile_membership",
          "key_membership", "attribute_membership", "managehome", "purge_ssh_keys"});
}

void translate_group(Translation& t, const catalog::Resource& r) {
  t.add("name", r.title);
  t.carry("gid");
  translate_presence(t, "group");
  if (t.has("allowdupe") && t.text("allowdupe") == "true")
    t.fail("uses the allowdupe attribute, which cannot be translated.");
  if (t.has("system") && t.text("system") == "true")
    t.fail("uses the system attribute, which cannot be translated.");
  t.only({"name", "gid", "ensure", "allowdupe", "system", "provider", "auth_membership",
          "attribute_membership"});
}

/// The parameters as one JSON mapping for a pippet node (what `yamlresource receive` reads),
/// without the namevar and the relationships, as the face writes them.
std::string pippet_params(const catalog::Resource& resource) {
  catalog::Data kept = catalog::Data::object();
  for (const auto& [name, value] : resource.parameters.items()) {
    if (name == "name" || name == "before" || name == "require" || name == "notify" ||
        name == "subscribe")
      continue;
    kept[name] = value;
  }
  // Psych.to_json's spacing: {"a": "b", "c": ["d"]}.
  std::string compact = kept.dump();
  std::string out;
  bool in_string = false;
  for (std::size_t i = 0; i < compact.size(); ++i) {
    char c = compact[i];
    out += c;
    if (c == '"' && (i == 0 || compact[i - 1] != '\\' || (i >= 2 && compact[i - 2] == '\\')))
      in_string = !in_string;
    if (!in_string && (c == ':' || c == ',')) out += ' ';
  }
  return out;
}

}  // namespace

Translated translate(const catalog::Resource& resource, const std::string& ref, const Log& log) {
  const std::string type = [&] {
    std::string t = resource.type;
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t;
  }();
  using Translator = void (*)(Translation&, const catalog::Resource&);
  static const std::map<std::string, std::pair<const char*, Translator>> kNative = {
      {"file", {"file", translate_file}},      {"exec", {"exec", translate_exec}},
      {"notify", {"msg", translate_notify}},   {"package", {"pkg", translate_package}},
      {"service", {"svc", translate_service}}, {"user", {"user", translate_user}},
      {"group", {"group", translate_group}},
  };
  auto native = kNative.find(type);
  if (native != kNative.end()) {
    Translation t(resource, ref, log);
    native->second.second(t, resource);
    if (t.clean()) {
      Fields fields = t.take();
      std::string name = std::get<std::string>(fields.front().second.v);
      return {native->second.first, std::move(fields), name};
    }
    log("warning", ref + " emitting a pippet node because of the errors above.");
  } else {
    log("err", ref + " cannot be translated natively, falling back to pippet");
  }
  std::string display = type;
  if (!display.empty())
    display[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(display[0])));
  auto name_param = resource.parameters.find("name");
  std::string namevar = name_param != resource.parameters.end() && name_param->is_string()
                            ? name_param->get<std::string>()
                            : resource.title;
  std::string name = display + "[" + namevar + "]";
  Fields fields = {{"name", name},
                   {"title", resource.title},
                   {"type", type},
                   {"params", pippet_params(resource)},
                   {"pollint", std::int64_t{kRunInterval}}};
  return {"pippet", std::move(fields), name};
}

}  // namespace marionette::cli::mgmt
