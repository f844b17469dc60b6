#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ral/parsed_file.hpp"
#include "ral/prefetch_group.hpp"
#include "ral/resource_type.hpp"

/// What every parsed-file type (mount, sshkey, ssh_authorized_key, mailalias) does with its one
/// record: find it in its target, create it, remove it, or bring its properties in line, with
/// Puppet's messages and events; in noop only say so. A type gives its format, how its record
/// is found and made, and which properties differ.
namespace marionette::ral {

/// A property out of sync. `is`/`should` are as Puppet displays them ('text', ['a', 'b']);
/// `is` empty: absent on the record.
template <class Record>
struct RecordChange {
  std::string property;
  std::string is;
  std::string should;
  std::function<void(Record&)> apply;
  /// How noop shows an absent value ("['absent']" for a list property).
  std::string absent_shown = "'absent'";
};

/// Puppet's Property#change_to_s.
std::string property_change_message(const std::string& property, const std::string& is,
                                    const std::string& should);

/// Puppet's failed prefetch: the read error and "Could not prefetch TYPE provider 'PROVIDER'"
/// (logged by the first resource of the type to hear of it: `first_report`), and the resource
/// skipped as failed.
void prefetch_failed(ResourceContext& context, const std::string& type,
                     const std::string& provider, const std::string& error,
                     bool first_report = true);

template <class Record>
class RecordResource : public ManagedResource {
 public:
  /// `type`: the type's name, whose resources are prefetched together.
  RecordResource(Host host, const std::string& type)
      : host_(host),
        prefetch_(PrefetchGroup::join(type, this, [this](std::string& error) {
          bool exists = false;
          return load_records(*host_.files, target(), format(), exists, error) != nullptr;
        })) {}
  ~RecordResource() override { prefetch_->leave(this); }

  void evaluate(ResourceContext& context) override {
    auto prefetch = prefetch_->prefetch();
    if (prefetch.error) {
      return prefetch_failed(context, type_name(), provider_name(), *prefetch.error,
                             prefetch.first_report);
    }
    bool exists = false;
    std::string error;
    auto parsed = load_records(*host_.files, target(), format(), exists, error);
    if (!parsed) return prefetch_failed(context, type_name(), provider_name(), error);
    parsed = prefetched(std::move(parsed));
    const Record* current = parsed->find([&](const Record& record) { return matches(record); });
    std::vector<RecordChange<Record>> changes;
    if (current && present()) changes = out_of_sync(*current);
    if (current ? present() && changes.empty() : !present()) return;
    if (context.noop()) return report_noop(context, current, changes);
    ParsedFile<Record> file = *parsed;
    Record* record = file.find([&](const Record& candidate) { return matches(candidate); });
    if (!record) {
      file.append(created());
      announce_created(context);
    } else if (!present()) {
      announce_removed(context, *record);
      file.remove(record);
    } else {
      for (const auto& change : changes) {
        change.apply(*record);
        context.changed(change.property, change.property + "_changed",
                        property_change_message(change.property, change.is, change.should));
      }
    }
    if (auto failure = flush(file)) {
      // Puppet's FileType logs its own write failure before the resource's.
      if (failure->starts_with("Puppet::Util::FileType")) context.log_plain("err", *failure);
      return context.evaluation_failed(*failure);
    }
    after_flush(context);
  }

 protected:
  virtual std::string type_name() const = 0;      ///< "sshkey"
  virtual std::string provider_name() const = 0;  ///< "parsed"
  virtual const std::string& target() const = 0;
  virtual const RecordFormat<Record>& format() const = 0;
  virtual bool present() const = 0;
  virtual bool matches(const Record& record) const = 0;
  virtual Record created() const = 0;
  virtual std::vector<RecordChange<Record>> out_of_sync(const Record& record) const = 0;
  /// Puppet's prefetch_hook: the records as the type sees them (nameless keys named).
  virtual std::shared_ptr<const ParsedFile<Record>> prefetched(
      std::shared_ptr<const ParsedFile<Record>> file) const {
    return file;
  }
  /// What a new target file gets.
  virtual FileAttributes new_file() const { return {}; }
  /// Puppet's flush (a type may first make the target's directory, or refuse).
  virtual std::optional<std::string> flush(const ParsedFile<Record>& file) {
    return write_target(host_, target(), render_records(file, format(), ruby_time_now()),
                        new_file());
  }
  virtual void after_flush(ResourceContext& context) { (void)context; }

  virtual void announce_created(ResourceContext& context) {
    context.changed("ensure", type_name() + "_created", "created", "absent", "present");
  }
  virtual void announce_removed(ResourceContext& context, const Record& record) {
    (void)record;
    context.changed("ensure", type_name() + "_removed", "removed", "present", "absent");
  }
  virtual std::pair<std::string, std::string> noop_ensure(const Record* current) const {
    return current ? std::pair{"'present'", "'absent'"} : std::pair{"'absent'", "'present'"};
  }

  Host host_;

 private:
  std::shared_ptr<PrefetchGroup> prefetch_;

  void report_noop(ResourceContext& context, const Record* current,
                   const std::vector<RecordChange<Record>>& changes) {
    if (!current || !present()) {
      auto [is, should] = noop_ensure(current);
      return context.would_change("ensure", type_name() + (current ? "_removed" : "_created"),
                                  is, should);
    }
    for (const auto& change : changes) {
      context.would_change(change.property, change.property + "_changed",
                           change.is.empty() ? change.absent_shown : change.is,
                           change.should.empty() ? change.absent_shown : change.should);
    }
  }
};

}  // namespace marionette::ral
