#include "ral/prefetch_group.hpp"

#include <map>

namespace marionette::ral {

std::shared_ptr<PrefetchGroup> PrefetchGroup::join(const std::string& type, const void* member,
                                                   Read read) {
  static std::map<std::string, std::weak_ptr<PrefetchGroup>> groups;
  std::shared_ptr<PrefetchGroup> group = groups[type].lock();
  if (!group) {
    group = std::make_shared<PrefetchGroup>();
    groups[type] = group;
  }
  group->members_.emplace_back(member, std::move(read));
  return group;
}

void PrefetchGroup::leave(const void* member) {
  std::erase_if(members_, [&](const auto& entry) { return entry.first == member; });
}

PrefetchGroup::Outcome PrefetchGroup::prefetch(const Read& after) {
  if (!done_) {
    done_ = true;
    std::string error;
    for (const auto& [member, read] : members_) {
      if (!read(error)) {
        error_ = error;
        break;
      }
    }
    if (!error_ && after && !after(error)) error_ = error;
  }
  Outcome outcome{error_, error_ && !reported_};
  if (error_) reported_ = true;
  return outcome;
}

}  // namespace marionette::ral
