#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "ral/host.hpp"

namespace marionette::ral {

/// One change, attempted change or would-be change of a resource: Puppet's event.
struct Event {
  std::string property;  ///< "ensure", "content", "returns"; empty for a refresh
  std::string name;      ///< "file_created", "content_changed", "executed_command", "refresh"
  std::string status;    ///< success | failure | noop
  std::string message;
  /// The values before and asked for ("absent" -> "file"); unset: read from the message.
  std::optional<std::string> previous_value;
  std::optional<std::string> desired_value;
  /// Puppet's invalidate_refreshes (a service started): the refreshes queued for the resource
  /// are dropped, since the change did what a refresh would.
  bool invalidates_refreshes = false;
};

using LogSink = std::function<void(const std::string& level, const std::string& message)>;

/// What a provider may look at and say while it works on one resource. It turns each change
/// into an event and a Puppet-shaped log line ("/Stage[main]/Main/File[/x]/mode: mode changed …").
class ResourceContext {
 public:
  ResourceContext(Host host, bool noop, LogSink log, std::string path)
      : host_(host), noop_(noop), log_(std::move(log)), path_(std::move(path)) {}

  Host host() const { return host_; }
  bool noop() const { return noop_; }
  /// Puppet's show_diff setting: whether content changes are logged as diffs.
  bool show_diff() const { return show_diff_; }
  void set_show_diff(bool show) { show_diff_ = show; }
  const std::string& path() const { return path_; }
  /// The resource's `loglevel` metaparameter (Puppet's default notice; verbose is info): the
  /// level of its change and noop lines, a notify's message, an exec's output, a file's diff.
  const std::string& loglevel() const { return loglevel_; }
  void set_loglevel(std::string level) { loglevel_ = std::move(level); }

  /// "<path>: message"
  void log(const std::string& level, const std::string& message) const;
  /// "<path>/<property>: message"
  void log(const std::string& level, const std::string& property, const std::string& message) const;
  /// The message alone, as Puppet logs a notify's text or a command's error.
  void log_plain(const std::string& level, const std::string& message) const;

  /// A property brought in sync; `previous`/`desired` (unquoted) when the message names neither
  /// ("created": 'absent' to 'file').
  void changed(const std::string& property, const std::string& event_name,
               const std::string& message, std::optional<std::string> previous = std::nullopt,
               std::optional<std::string> desired = std::nullopt);
  /// A property out of sync left alone because of noop; `current`/`should` are pre-quoted.
  void would_change(const std::string& property, const std::string& event_name,
                    const std::string& current, const std::string& should);
  /// A property that could not be synced; `from`/`to` are pre-quoted.
  void change_failed(const std::string& property, const std::string& from, const std::string& to,
                     const std::string& reason);
  /// The resource as a whole could not be evaluated.
  void evaluation_failed(const std::string& reason);
  /// A refresh that ran ("Triggered 'refresh' from N events") or failed.
  void refreshed(std::size_t event_count);
  void refresh_failed(const std::string& reason);

  /// Puppet's skip of a resource whose provider could not prefetch: failed and skipped.
  void mark_skipped() { skipped_ = true; }
  bool skipped() const { return skipped_; }

  const std::vector<Event>& events() const { return events_; }
  void add_event(Event event) { events_.push_back(std::move(event)); }
  /// Marks the last change (or would-be change) as one that drops the resource's queued
  /// refreshes (Puppet's invalidate_refreshes).
  void invalidate_refreshes() {
    if (!events_.empty()) events_.back().invalidates_refreshes = true;
  }

 private:
  Host host_;
  bool noop_;
  bool show_diff_ = false;
  bool skipped_ = false;
  LogSink log_;
  std::string path_;
  std::string loglevel_ = "notice";
  std::vector<Event> events_;
};

/// A catalog resource bound to its type's provider, ready to sync.
class ManagedResource {
 public:
  virtual ~ManagedResource() = default;
  /// Brings the resource in sync, or with noop only reports what is out of sync.
  virtual void evaluate(ResourceContext& context) = 0;
  /// What the resource manages after munging (a file's canonical path); two resources of one
  /// type with the same identity are an error. Empty: the title is the identity.
  virtual std::string identity() const { return {}; }
  /// The title Puppet shows in log paths and the report when the type makes its own
  /// (sshkey's "NAME@TYPE"); nothing: the catalog's title.
  virtual std::optional<std::string> display_title() const { return std::nullopt; }
  /// The resource's state on the node as `puppet resource` prints it: attribute and value
  /// written as Puppet writes it ('text' quoted, numbers bare), ensure first, then by name.
  /// Empty when the type cannot describe itself.
  virtual std::vector<std::pair<std::string, std::string>> describe() { return {}; }
  /// The properties with a default value, which `puppet resource TYPE TITLE attr=value` shows
  /// after a change even when not given (augeas's returns).
  virtual std::vector<std::string> defaulted_properties() const { return {}; }
  /// A parameter (not a property) as `puppet resource --param NAME` adds it to describe()'s
  /// lines, written the same way; nothing when the resource has no value for it.
  virtual std::optional<std::string> parameter(const std::string& name) {
    (void)name;
    return std::nullopt;
  }
  /// Puppet's eval_generate: resources this one adds to the run (a recursive directory's
  /// entries), each evaluated right after it. `declared` tells whether the catalog itself
  /// manages an identity of this type.
  virtual std::vector<catalog::Resource> generate(
      const std::function<bool(const std::string& identity)>& declared) {
    (void)declared;
    return {};
  }
  /// Whether what generate() returns sits in this resource's container, as Puppet's
  /// pre-run `generate` places it (concat_file's file), and not only under it.
  virtual bool generated_are_contained() const { return false; }
  /// Whether notify/subscribe events reach this resource (Puppet: responds to `refresh`).
  virtual bool refreshable() const { return false; }
  /// Puppet's self_refresh (mount): the resource's own changes refresh it, as if it had
  /// subscribed to itself.
  virtual bool self_refresh() const { return false; }
  /// Reacts to events; returns the failure reason when the refresh failed.
  virtual std::optional<std::string> refresh(ResourceContext& context) {
    (void)context;
    return std::nullopt;
  }
};

/// Binds a resource to a provider; on invalid parameters returns null and sets `error`
/// (Puppet: "Validation of Exec[x] failed: <error>").
using TypeFactory = std::function<std::unique_ptr<ManagedResource>(
    const catalog::Resource& resource, Host host, std::string& error)>;

/// Puppet's `instances`: the titles of every resource of a type on the node (for
/// `marionette resource TYPE`); sets `error` when they cannot be listed.
using InstanceLister = std::function<std::vector<std::string>(Host host, std::string& error)>;

struct TypeDefinition {
  std::string name;  ///< lower-case: "file", "exec", "notify"
  TypeFactory make;
  InstanceLister instances;  ///< empty: the type cannot list its instances
};

/// The types this build manages, by lower-case name; null when not implemented.
const TypeDefinition* find_type(std::string_view name);
std::vector<std::string> type_names();

/// "'text'", Puppet's quoting of values in change messages (format_value_for_display: `%p`, so
/// "'it\\'s'" and "\"two\\nlines\"").
std::string single_quoted(const std::string& text);

}  // namespace marionette::ral
