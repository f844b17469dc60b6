#include "subagent/scalar_index.hpp"

#include <algorithm>

namespace marionette::subagent {

ScalarIndex::ScalarIndex(Oid root, std::span<const MibObject> objects) : root_(std::move(root)) {
  for (const MibObject& object : objects) {
    Oid instance = join(root_, object.suffix);
    instance.push_back(0);
    entries_.push_back({std::move(instance), &object});
  }
  std::ranges::sort(entries_, {}, &Entry::instance);
}

std::variant<const ScalarIndex::Entry*, Miss> ScalarIndex::find(const Oid& requested) const {
  for (const Entry& entry : entries_) {
    if (entry.instance == requested) return &entry;
    const Oid object_oid(entry.instance.begin(), entry.instance.end() - 1);
    if (starts_with(requested, object_oid)) return Miss::no_such_instance;
  }
  return Miss::no_such_object;
}

const ScalarIndex::Entry* ScalarIndex::find_next(const Oid& requested) const {
  auto next = std::ranges::upper_bound(entries_, requested, {}, &Entry::instance);
  return next == entries_.end() ? nullptr : &*next;
}

}  // namespace marionette::subagent
