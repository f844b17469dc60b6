#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace marionette::ral {

/// Puppet's prefetch of one provider over every resource of its type in a run: the first of
/// them evaluated reads every member's target, and one target that cannot be read fails the
/// whole type, the others' resources too ("Skipping because provider prefetch failed" on each,
/// the read error logged once). The group lives while its members do (one run).
class PrefetchGroup {
 public:
  /// Reads a member's target; false with `error` when it cannot.
  using Read = std::function<bool(std::string& error)>;

  /// Joins the group of `type` (created for the run when it has no member left); `member`
  /// identifies the joiner for leave().
  static std::shared_ptr<PrefetchGroup> join(const std::string& type, const void* member,
                                             Read read);
  void leave(const void* member);

  struct Outcome {
    std::optional<std::string> error;  ///< the type's prefetch failed, with this reason
    bool first_report = false;         ///< this caller is the first to hear of it (logs it)
  };
  /// Prefetches every member once (the first call), then `after` (what the provider reads once
  /// all targets are read: mount's listing); the outcome for the caller.
  Outcome prefetch(const Read& after = {});

 private:
  bool done_ = false;
  bool reported_ = false;
  std::optional<std::string> error_;
  std::vector<std::pair<const void*, Read>> members_;
};

}  // namespace marionette::ral
