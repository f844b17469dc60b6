#include <cctype>

#include "ral/file_spec.hpp"
#include "ral/resource_type.hpp"
#include "ral/sha256.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

using Ensure = FileSpec::Ensure;
using Kind = FileInfo::Kind;

std::string kind_name(const std::optional<FileInfo>& info) {
  if (!info) return "absent";
  switch (info->kind) {
    case Kind::directory:
      return "directory";
    case Kind::link:
      return "link";
    case Kind::file:
    case Kind::other:
      break;
  }
  return "file";
}

bool all_digits(const std::string& text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

/// Puppet's file type with the posix provider: ensure, content, owner, group, mode, in that order.
class FileResource final : public ManagedResource {
 public:
  FileResource(FileSpec spec, Host host) : spec_(std::move(spec)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    std::optional<FileInfo> info = host_.files->lstat(spec_.path);
    if (spec_.ensure == Ensure::absent) return remove(context, info);
    if (spec_.ensure == Ensure::link) return sync_link(context, info);

    content_ = spec_.content;
    Ensure wanted = spec_.ensure;
    if (!spec_.sources.empty()) {
      std::string error;
      if (!read_source(wanted, error)) return context.evaluation_failed(error);
    }
    if (wanted == Ensure::unmanaged && content_) wanted = Ensure::file;
    if (wanted == Ensure::unmanaged && !info) return;  // nothing to manage on a missing file

    bool must_create = false;
    if (!info) {
      must_create = true;
    } else if (wanted == Ensure::file) {
      must_create = info->kind != Kind::file;
    } else if (wanted == Ensure::directory) {
      must_create = info->kind != Kind::directory;
    }
    if (must_create) return create(context, info, wanted);

    if (info->kind == Kind::file) sync_content(context, *info);
    sync_ownership(context, *info);
    if (spec_.manages_mode() && info->kind != Kind::link) sync_mode(context, *info);
  }

  std::string identity() const override { return spec_.path; }

  std::vector<std::pair<std::string, std::string>> describe() override {
    std::optional<FileInfo> info = host_.files->lstat(spec_.path);
    if (!info) return {{"ensure", "'absent'"}};
    const std::string kind = kind_name(info);
    std::vector<std::pair<std::string, std::string>> state = {{"ensure", single_quoted(kind)}};
    if (info->kind == Kind::file) {
      std::string content;
      if (host_.files->read(spec_.path, content).ok) {
        state.emplace_back("content", single_quoted(sha256_checksum(content)));
      }
    }
    state.emplace_back("group", std::to_string(info->gid));
    if (info->kind != Kind::link)
      state.emplace_back("mode", single_quoted(format_mode(info->mode)));
    state.emplace_back("owner", std::to_string(info->uid));
    state.emplace_back("provider", "'posix'");
    if (info->kind == Kind::link) {
      state.emplace_back("target", single_quoted(host_.files->read_link(spec_.path).value_or("")));
    }
    state.emplace_back("type", single_quoted(kind));
    return state;
  }

 private:
  /// Reads the first source that exists into content_ (a directory source makes a directory);
  /// false with Puppet's message when none exists.
  bool read_source(Ensure& wanted, std::string& error) {
    std::string tried;
    for (const auto& source : spec_.sources) {
      const std::string path = local_source_path(source).value_or(source);
      tried += (tried.empty() ? "" : ", ") + ("file://" + path);
      std::optional<FileInfo> info = host_.files->lstat(path);
      if (!info) continue;
      if (info->kind == Kind::directory) {
        if (wanted == Ensure::unmanaged || wanted == Ensure::present) wanted = Ensure::directory;
        return true;
      }
      std::string content;
      IoResult read = host_.files->read(path, content);
      if (!read.ok) {
        error = "Could not read source " + source + ": " + read.error;
        return false;
      }
      content_ = std::move(content);
      if (wanted == Ensure::present) wanted = Ensure::file;
      return true;
    }
    error = "Could not retrieve information from environment production source(s) " + tried;
    return false;
  }

  void sync_link(ResourceContext& context, const std::optional<FileInfo>& info) {
    const std::string& target = *spec_.target;
    const std::string current = kind_name(info);
    if (info && info->kind == Kind::link) {
      std::optional<std::string> now = host_.files->read_link(spec_.path);
      if (now && *now == target) return;
      const std::string is = single_quoted(now.value_or("absent"));
      if (context.noop()) {
        return context.would_change("target", "target_changed", is, single_quoted(target));
      }
      IoResult done = host_.files->remove(spec_.path, false);
      if (done.ok) done = host_.files->make_symlink(target, spec_.path);
      if (!done.ok) {
        return context.change_failed("target", is, single_quoted(target),
                                     "Could not set 'target' on target: " + done.error);
      }
      return context.changed("target", "target_changed",
                             "target changed " + is + " to " + single_quoted(target));
    }
    if (context.noop()) {
      return context.would_change("ensure", "link_created", single_quoted(current),
                                  single_quoted("link"));
    }
    auto fail = [&](const std::string& reason) {
      context.change_failed("ensure", single_quoted(current), single_quoted("link"),
                            "Could not set 'link' on ensure: " + reason);
    };
    if (info && info->kind == Kind::directory && !spec_.force) {
      context.log("notice", "Not removing directory; use 'force' to override");
      return fail("Is a directory - " + spec_.path);
    }
    if (info) {
      IoResult removed = host_.files->remove(spec_.path, info->kind == Kind::directory);
      if (!removed.ok) return fail(removed.error);
    }
    IoResult made = host_.files->make_symlink(target, spec_.path);
    if (!made.ok) return fail(made.error);
    if (info) {
      context.changed("ensure", "link_created",
                      "ensure changed " + single_quoted(current) + " to 'link'");
    } else {
      context.changed("ensure", "link_created", "created");
    }
  }

  /// uid/gid the spec asks for; sets `error` when a name does not resolve.
  bool resolve_owner(std::optional<uid_t>& uid, std::optional<gid_t>& gid, std::string& error) {
    if (spec_.owner) {
      uid = all_digits(*spec_.owner) ? std::optional<uid_t>(std::stoul(*spec_.owner))
                                     : host_.accounts->user_id(*spec_.owner);
      if (!uid) {
        error = "Could not find user " + *spec_.owner;
        return false;
      }
    }
    if (spec_.group) {
      gid = all_digits(*spec_.group) ? std::optional<gid_t>(std::stoul(*spec_.group))
                                     : host_.accounts->group_id(*spec_.group);
      if (!gid) {
        error = "Could not find group " + *spec_.group;
        return false;
      }
    }
    return true;
  }

  void remove(ResourceContext& context, const std::optional<FileInfo>& info) {
    if (!info) return;
    const std::string current = single_quoted(kind_name(info));
    if (info->kind == Kind::directory && !spec_.force) {
      context.log("notice", "Not removing directory; use 'force' to override");
      return;
    }
    if (context.noop()) {
      return context.would_change("ensure", "file_removed", current, single_quoted("absent"));
    }
    IoResult removed = host_.files->remove(spec_.path, info->kind == Kind::directory);
    if (!removed.ok) {
      return context.change_failed("ensure", current, single_quoted("absent"),
                                   "Could not set 'absent' on ensure: " + removed.error);
    }
    context.changed("ensure", "file_removed", "removed");
  }

  void create(ResourceContext& context, const std::optional<FileInfo>& info, Ensure wanted) {
    const bool is_directory = wanted == Ensure::directory;
    const std::string target = is_directory ? "directory" : "file";
    const std::string current = kind_name(info);
    const std::string event_name = is_directory ? "directory_created" : "file_created";
    auto fail = [&](const std::string& reason) {
      context.change_failed("ensure", single_quoted(current), single_quoted(target),
                            "Could not set '" + target + "' on ensure: " + reason);
    };
    if (context.noop()) {
      return context.would_change("ensure", event_name, single_quoted(current),
                                  single_quoted(target));
    }
    if (info && info->kind == Kind::directory && !spec_.force) {
      context.log("notice", "Not removing directory; use 'force' to override");
      return fail("Is a directory - " + spec_.path);
    }
    std::optional<uid_t> uid;
    std::optional<gid_t> gid;
    std::string error;
    if (!resolve_owner(uid, gid, error)) return fail(error);
    if (info) {
      // A link or a file in the way of a directory, or a directory (with force) in a file's way.
      IoResult removed = host_.files->remove(spec_.path, info->kind == Kind::directory);
      if (!removed.ok) return fail(removed.error);
    }
    if (is_directory) {
      IoResult made = host_.files->make_directory(spec_.path, spec_.wanted_mode(0755, true));
      if (made.ok && (uid || gid)) made = host_.files->change_owner(spec_.path, uid, gid);
      if (!made.ok) return fail(made.error);
    } else {
      FileAttributes attributes{spec_.wanted_mode(0644, false), uid, gid};
      IoResult written = host_.files->write_atomic(spec_.path, content_.value_or(""), attributes);
      if (!written.ok) return fail(written.error);
    }
    if (info) {
      context.changed("ensure", event_name,
                      "ensure changed " + single_quoted(current) + " to " + single_quoted(target));
    } else if (!is_directory && content_) {
      context.changed("ensure", event_name,
                      "defined content as " + single_quoted(sha256_checksum(*content_)));
    } else {
      context.changed("ensure", event_name, "created");
    }
  }

  void sync_content(ResourceContext& context, const FileInfo& info) {
    if (!content_ || !spec_.replace) return;
    std::string current;
    IoResult read = host_.files->read(spec_.path, current);
    if (read.ok && current == *content_) return;
    const std::string should = sha256_checksum(*content_);
    const std::string is = read.ok ? sha256_checksum(current) : "absent";
    if (context.noop()) {
      return context.would_change("content", "content_changed", single_quoted(is),
                                  single_quoted(should));
    }
    // Rewritten with the wanted mode and owner at once; their own checks below still report them.
    FileAttributes attributes{spec_.wanted_mode(info.mode, false), info.uid, info.gid};
    std::string error;
    std::optional<uid_t> uid;
    std::optional<gid_t> gid;
    if (resolve_owner(uid, gid, error)) {
      if (uid) attributes.uid = uid;
      if (gid) attributes.gid = gid;
    }
    IoResult written = host_.files->write_atomic(spec_.path, *content_, attributes);
    if (!written.ok) {
      return context.change_failed("content", single_quoted(is), single_quoted(should),
                                   "Could not set 'content' on content: " + written.error);
    }
    context.changed("content", "content_changed",
                    "content changed " + single_quoted(is) + " to " + single_quoted(should));
  }

  std::string user_text(uid_t uid) {
    return host_.accounts->user_name(uid).value_or(std::to_string(uid));
  }
  std::string group_text(gid_t gid) {
    return host_.accounts->group_name(gid).value_or(std::to_string(gid));
  }

  void sync_ownership(ResourceContext& context, const FileInfo& info) {
    if (spec_.owner) {
      std::optional<uid_t> uid = all_digits(*spec_.owner)
                                     ? std::optional<uid_t>(std::stoul(*spec_.owner))
                                     : host_.accounts->user_id(*spec_.owner);
      const std::string is = single_quoted(user_text(info.uid));
      const std::string should = single_quoted(uid ? user_text(*uid) : *spec_.owner);
      if (!uid) {
        context.change_failed("owner", is, should, "Could not find user " + *spec_.owner);
      } else if (*uid != info.uid) {
        sync_id(context, "owner", is, should, uid, std::nullopt);
      }
    }
    if (spec_.group) {
      std::optional<gid_t> gid = all_digits(*spec_.group)
                                     ? std::optional<gid_t>(std::stoul(*spec_.group))
                                     : host_.accounts->group_id(*spec_.group);
      const std::string is = single_quoted(group_text(info.gid));
      const std::string should = single_quoted(gid ? group_text(*gid) : *spec_.group);
      if (!gid) {
        context.change_failed("group", is, should, "Could not find group " + *spec_.group);
      } else if (*gid != info.gid) {
        sync_id(context, "group", is, should, std::nullopt, gid);
      }
    }
  }

  void sync_id(ResourceContext& context, const std::string& property, const std::string& is,
               const std::string& should, std::optional<uid_t> uid, std::optional<gid_t> gid) {
    if (context.noop()) return context.would_change(property, property + "_changed", is, should);
    IoResult changed = host_.files->change_owner(spec_.path, uid, gid);
    if (!changed.ok) return context.change_failed(property, is, should, changed.error);
    context.changed(property, property + "_changed", property + " changed " + is + " to " + should);
  }

  void sync_mode(ResourceContext& context, const FileInfo& info) {
    unsigned wanted = spec_.wanted_mode(info.mode, info.kind == Kind::directory);
    if (wanted == info.mode) return;
    const std::string is = single_quoted(format_mode(info.mode));
    const std::string should = single_quoted(format_mode(wanted));
    if (context.noop()) return context.would_change("mode", "mode_changed", is, should);
    IoResult changed = host_.files->change_mode(spec_.path, wanted);
    if (!changed.ok) return context.change_failed("mode", is, should, changed.error);
    context.changed("mode", "mode_changed", "mode changed " + is + " to " + should);
  }

  FileSpec spec_;
  Host host_;
  std::optional<std::string> content_;  ///< from `content` or the source, for this evaluation
};

}  // namespace

std::unique_ptr<ManagedResource> make_file(const catalog::Resource& resource, Host host,
                                           std::string& error) {
  auto spec = read_file_spec(resource, error);
  if (!spec) return nullptr;
  return std::make_unique<FileResource>(std::move(*spec), host);
}

}  // namespace marionette::ral
