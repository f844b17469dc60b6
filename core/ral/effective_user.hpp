#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace marionette::ral {

/// Puppet's SUIDManager.asuser: while it lives, the process's groups are the user's
/// (initgroups), and its effective group and user are `gid` and `uid`, so files are created and
/// opened as that user; then root again. Does nothing unless we run as root and `uid` is not
/// root's. `ok()` false: the switch failed (nothing changed).
class EffectiveUser {
 public:
  EffectiveUser(const std::string& name, uid_t uid, gid_t gid);
  ~EffectiveUser();
  EffectiveUser(const EffectiveUser&) = delete;
  EffectiveUser& operator=(const EffectiveUser&) = delete;

  bool ok() const { return ok_; }

 private:
  void restore();

  bool switched_ = false;
  bool ok_ = true;
  gid_t saved_gid_ = 0;
  std::vector<gid_t> saved_groups_;
};

}  // namespace marionette::ral
