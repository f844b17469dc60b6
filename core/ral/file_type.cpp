#include <cctype>

#include "ral/checksum.hpp"
#include "ral/content_diff.hpp"
#include "ral/file_bucket.hpp"
#include "ral/file_recursion.hpp"
#include "ral/file_source.hpp"
#include "ral/file_spec.hpp"
#include "ral/resource_type.hpp"
#include "ral/sha256.hpp"
#include "ral/types.hpp"
#include "text/text.hpp"

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

/// Puppet's file type with the posix provider: ensure, content, owner, group, mode, in that order.
class FileResource final : public ManagedResource {
 public:
  FileResource(FileSpec spec, catalog::Resource resource, Host host)
      : spec_(std::move(spec)), resource_(std::move(resource)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    std::optional<FileInfo> info = current_info();
    if (spec_.ensure == Ensure::absent) return remove(context, info);
    if (spec_.ensure == Ensure::link) return sync_link(context, info);

    content_ = spec_.content;
    source_mtime_.reset();
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

  std::vector<catalog::Resource> generate(
      const std::function<bool(const std::string& identity)>& declared) override {
    return recursive_children(resource_, spec_, host_, declared);
  }

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
  /// What is at the path: with links => follow, what a link points to (when it points anywhere).
  std::optional<FileInfo> current_info() {
    std::optional<FileInfo> info = host_.files->lstat(spec_.path);
    if (info && info->kind == Kind::link && spec_.links == FileSpec::Links::follow) {
      if (auto followed = host_.files->stat(spec_.path)) return followed;
    }
    return info;
  }

  /// Reads the first source that exists into content_ (a directory source makes a directory);
  /// false with Puppet's message when none exists.
  bool read_source(Ensure& wanted, std::string& error) {
    std::string tried;
    for (const auto& source : spec_.sources) {
      std::optional<std::string> local = local_source_path(source);
      tried += (tried.empty() ? "" : ", ") + (local ? "file://" + *local : source);
      std::optional<std::string> path = resolve_source(source, host_.paths);
      if (!path) continue;
      std::optional<FileInfo> info = spec_.links == FileSpec::Links::follow
                                         ? host_.files->stat(*path)
                                         : host_.files->lstat(*path);
      if (!info) continue;
      if (info->kind == Kind::directory) {
        if (wanted == Ensure::unmanaged || wanted == Ensure::present) wanted = Ensure::directory;
        return true;
      }
      std::string content;
      IoResult read = host_.files->read(*path, content);
      if (!read.ok) {
        error = "Could not read source " + source + ": " + read.error;
        return false;
      }
      content_ = std::move(content);
      source_mtime_ = spec_.checksum == ChecksumType::ctime ? info->ctime : info->mtime;
      if (wanted == Ensure::present || wanted == Ensure::unmanaged) wanted = Ensure::file;
      return true;
    }
    const std::string environment = host_.paths ? host_.paths->environment : "production";
    error =
        "Could not retrieve information from environment " + environment + " source(s) " + tried;
    return false;
  }

  /// The checksum Puppet prints for content, in this resource's checksum type.
  std::string checksum_of(const std::string& content) const {
    if (is_time_checksum(spec_.checksum) && source_mtime_) {
      return time_checksum(spec_.checksum, *source_mtime_);
    }
    if (is_time_checksum(spec_.checksum)) return content_checksum(ChecksumType::sha256, content);
    return content_checksum(spec_.checksum, content);
  }

  /// Puppet's perform_backup before a file is replaced or removed; false (with the change
  /// failed) when the backup could not be made. Directories and links are not backed up.
  bool back_up(ResourceContext& context, const FileInfo& info, const std::string& property,
               const std::string& from, const std::string& to) {
    if (!spec_.backup || info.kind != Kind::file) return true;
    std::string content;
    IoResult done = host_.files->read(spec_.path, content);
    if (done.ok && spec_.backup->front() == '.') {
      done = host_.files->write_atomic(spec_.path + *spec_.backup, content,
                                       {info.mode, info.uid, info.gid});
    } else if (done.ok) {
      context.log_plain("info", "Computing checksum on file " + spec_.path);
      std::string sum;
      const std::string bucket = host_.paths ? host_.paths->clientbucket : "";
      done = backup_to_filebucket(*host_.files, bucket, spec_.path, content, sum);
      if (done.ok) {
        context.log("info",
                    "Filebucketed " + spec_.path + " to " + *spec_.backup + " with sum " + sum);
      }
    }
    if (done.ok) return true;
    context.change_failed(property, from, to,
                          "Could not back up " + spec_.path + ": " + done.error);
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
      if (!back_up(context, *info, "ensure", single_quoted(current), "'link'")) return;
      IoResult removed = host_.files->remove(spec_.path, info->kind == Kind::directory);
      if (!removed.ok) return fail(removed.error);
    }
    IoResult made = host_.files->make_symlink(target, spec_.path);
    if (!made.ok) return fail(made.error);
    if (info) {
      context.changed("ensure", "link_created",
                      "ensure changed " + single_quoted(current) + " to 'link'", current, "link");
    } else {
      context.changed("ensure", "link_created", "created", "absent", "link");
    }
  }

  /// uid/gid the spec asks for; sets `error` when a name does not resolve.
  bool resolve_owner(std::optional<uid_t>& uid, std::optional<gid_t>& gid, std::string& error) {
    if (spec_.owner) {
      uid = text::all_digits(*spec_.owner) ? std::optional<uid_t>(std::stoul(*spec_.owner))
                                           : host_.accounts->user_id(*spec_.owner);
      if (!uid) {
        error = "Could not find user " + *spec_.owner;
        return false;
      }
    }
    if (spec_.group) {
      gid = text::all_digits(*spec_.group) ? std::optional<gid_t>(std::stoul(*spec_.group))
                                           : host_.accounts->group_id(*spec_.group);
      if (!gid) {
        error = "Could not find group " + *spec_.group;
        return false;
      }
    }
    return true;
  }

  /// ensure => absent. A directory without force stays, yet Puppet still reports it removed.
  void remove(ResourceContext& context, const std::optional<FileInfo>& info) {
    if (!info) return;
    const std::string kind = kind_name(info);
    const std::string current = single_quoted(kind);
    if (context.noop()) {
      return context.would_change("ensure", "file_removed", current, single_quoted("absent"));
    }
    if (info->kind == Kind::directory && !spec_.force) {
      context.log("notice", "Not removing directory; use 'force' to override");
    } else {
      if (!back_up(context, *info, "ensure", current, "'absent'")) return;
      IoResult removed = host_.files->remove(spec_.path, info->kind == Kind::directory);
      if (!removed.ok) {
        return context.change_failed("ensure", current, single_quoted("absent"),
                                     "Could not set 'absent' on ensure: " + removed.error);
      }
    }
    context.changed("ensure", "file_removed", "removed", kind, "absent");
  }

  void create(ResourceContext& context, const std::optional<FileInfo>& info, Ensure wanted) {
    const bool is_directory = wanted == Ensure::directory;
    // Puppet names the value asked for: `ensure => present` makes a file but says 'present'.
    const std::string target = is_directory                ? "directory"
                               : wanted == Ensure::present ? "present"
                                                           : "file";
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
      // Puppet tries to remove what is in the way twice (for ensure, then for the write).
      for (int attempt = 0; attempt < 2; ++attempt) {
        if (spec_.backup) context.log("warning", "Could not back up file of type directory");
        context.log("notice", "Not removing directory; use 'force' to override");
      }
      return fail((is_directory || !content_ ? "Is a directory @ rb_sysopen - "
                                             : "Is a directory - Is a directory: ") +
                  spec_.path + spec_.where);
    }
    std::optional<uid_t> uid;
    std::optional<gid_t> gid;
    std::string error;
    if (!resolve_owner(uid, gid, error)) return fail(error);
    if (info) {
      // A link or a file in the way of a directory, or a directory (with force) in a file's way.
      if (!back_up(context, *info, "ensure", single_quoted(current), single_quoted(target))) return;
      IoResult removed = host_.files->remove(spec_.path, info->kind == Kind::directory);
      if (!removed.ok) return fail(removed.error);
    }
    if (is_directory) {
      IoResult made = host_.files->make_directory(spec_.path, spec_.wanted_mode(0755, true));
      if (made.ok && (uid || gid)) made = host_.files->change_owner(spec_.path, uid, gid);
      if (!made.ok) return fail(made.error);
    } else {
      FileAttributes attributes{spec_.wanted_mode(0644, false), uid, gid};
      if (auto invalid = validated(content_.value_or(""), attributes)) {
        // Puppet's own errors are not wrapped in "Could not set".
        return context.change_failed("ensure", single_quoted(current), single_quoted(target),
                                     *invalid);
      }
      IoResult written = host_.files->write_atomic(spec_.path, content_.value_or(""), attributes);
      if (!written.ok) return fail(written.error);
    }
    if (info) {
      context.changed("ensure", event_name,
                      "ensure changed " + single_quoted(current) + " to " + single_quoted(target),
                      current, target);
    } else if (!is_directory && content_) {
      context.changed("ensure", event_name,
                      "defined content as " + single_quoted(checksum_of(*content_)), "absent",
                      target);
    } else {
      context.changed("ensure", event_name, "created", "absent", target);
    }
  }

  /// Whether the file's content is what is asked for, in the resource's checksum type.
  bool content_in_sync(const FileInfo& info, const std::string& current, bool readable) const {
    if (spec_.checksum == ChecksumType::none) return true;
    if (is_time_checksum(spec_.checksum)) {
      // A copy is current when it is not older than its source (Puppet compares the times).
      std::int64_t mine = spec_.checksum == ChecksumType::ctime ? info.ctime : info.mtime;
      return !source_mtime_ || mine >= *source_mtime_;
    }
    return readable && current == *content_;
  }

  void sync_content(ResourceContext& context, const FileInfo& info) {
    if (!content_ || !spec_.replace) return;
    std::string current;
    IoResult read = host_.files->read(spec_.path, current);
    if (content_in_sync(info, current, read.ok)) return;
    const std::string should = checksum_of(*content_);
    std::string is = "absent";
    if (is_time_checksum(spec_.checksum)) {
      is = time_checksum(spec_.checksum,
                         spec_.checksum == ChecksumType::ctime ? info.ctime : info.mtime);
    } else if (read.ok) {
      is = content_checksum(spec_.checksum, current);
    }
    if (context.show_diff() && spec_.show_diff && read.ok) {
      // Puppet's data_sync: the diff before the change (or the noop line), at the loglevel.
      context.log(context.loglevel(), "content",
                  spec_.sensitive_content
                      ? "[diff redacted]"
                      : "\n" + content_diff(spec_.path, info, current, *content_));
    }
    // A Sensitive content's values are never printed, as Puppet redacts them.
    const std::string shown_is = spec_.sensitive_content ? "[redacted]" : single_quoted(is);
    const std::string shown_should = spec_.sensitive_content ? "[redacted]" : single_quoted(should);
    if (context.noop()) {
      return context.would_change("content", "content_changed", shown_is, shown_should);
    }
    if (!back_up(context, info, "content", shown_is, shown_should)) return;
    // Rewritten with the wanted mode and owner at once; their own checks below still report them.
    FileAttributes attributes{spec_.wanted_mode(info.mode, false), info.uid, info.gid};
    std::string error;
    std::optional<uid_t> uid;
    std::optional<gid_t> gid;
    if (resolve_owner(uid, gid, error)) {
      if (uid) attributes.uid = uid;
      if (gid) attributes.gid = gid;
    }
    if (auto invalid = validated(*content_, attributes)) {
      return context.change_failed("content", shown_is, shown_should, *invalid);
    }
    IoResult written = host_.files->write_atomic(spec_.path, *content_, attributes);
    if (!written.ok) {
      return context.change_failed("content", shown_is, shown_should,
                                   "Could not set 'content' on content: " + written.error);
    }
    if (spec_.sensitive_content) {
      context.changed("content", "content_changed", "changed [redacted] to [redacted]");
      return;
    }
    context.changed("content", "content_changed",
                    "content changed " + shown_is + " to " + shown_should);
  }

  /// The validate_cmd's verdict on new content; nothing when there is none or it passed.
  std::optional<std::string> validated(const std::string& content,
                                       const FileAttributes& attributes) {
    if (!spec_.validation) return std::nullopt;
    return validate_file_content(host_, spec_.path, content, attributes, *spec_.validation);
  }

  std::string user_text(uid_t uid) {
    return host_.accounts->user_name(uid).value_or(std::to_string(uid));
  }
  std::string group_text(gid_t gid) {
    return host_.accounts->group_name(gid).value_or(std::to_string(gid));
  }

  void sync_ownership(ResourceContext& context, const FileInfo& info) {
    if (spec_.owner) {
      std::optional<uid_t> uid = text::all_digits(*spec_.owner)
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
      std::optional<gid_t> gid = text::all_digits(*spec_.group)
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
  catalog::Resource resource_;  ///< what recursion copies into the children
  Host host_;
  std::optional<std::string> content_;        ///< from `content` or the source, for this evaluation
  std::optional<std::int64_t> source_mtime_;  ///< the source's mtime (ctime), for time checksums
};

}  // namespace

std::unique_ptr<ManagedResource> make_file(const catalog::Resource& resource, Host host,
                                           std::string& error) {
  auto spec = read_file_spec(resource, error);
  if (!spec) return nullptr;
  // Only a recursive directory needs its parameters again, to copy them into its children.
  catalog::Resource kept = spec->recurse == FileSpec::Recurse::no ? catalog::Resource{} : resource;
  return std::make_unique<FileResource>(std::move(*spec), std::move(kept), host);
}

Provider file_type_provider() {
  return {make_file, nullptr};
}

}  // namespace marionette::ral
