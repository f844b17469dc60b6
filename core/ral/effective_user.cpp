#include "ral/effective_user.hpp"

#include <grp.h>
#include <unistd.h>

namespace marionette::ral {

EffectiveUser::EffectiveUser(const std::string& name, uid_t uid, gid_t gid) {
  if (::geteuid() != 0 || uid == 0) return;
  saved_gid_ = ::getegid();
  const int count = ::getgroups(0, nullptr);
  if (count < 0) {
    ok_ = false;
    return;
  }
  saved_groups_.resize(static_cast<std::size_t>(count));
  if (::getgroups(count, saved_groups_.data()) != count) {
    ok_ = false;
    return;
  }
  switched_ = true;
  if (::initgroups(name.c_str(), gid) != 0 || ::setegid(gid) != 0 || ::seteuid(uid) != 0) {
    restore();
    ok_ = false;
  }
}

EffectiveUser::~EffectiveUser() { restore(); }

void EffectiveUser::restore() {
  if (!switched_) return;
  switched_ = false;
  // Root again first: setting the group and the groups needs the privilege back.
  (void)::seteuid(0);
  (void)::setegid(saved_gid_);
  (void)::setgroups(saved_groups_.size(), saved_groups_.data());
}

}  // namespace marionette::ral
