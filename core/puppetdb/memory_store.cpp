#include "puppetdb/store.hpp"

namespace marionette::puppetdb {

std::optional<std::string> MemoryStore::get(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto found = strings_.find(key);
  if (found == strings_.end()) return std::nullopt;
  return found->second;
}

void MemoryStore::put(const std::string& key, const std::string& value) {
  std::lock_guard lock(mutex_);
  strings_[key] = value;
}

void MemoryStore::remove(const std::string& key) {
  std::lock_guard lock(mutex_);
  strings_.erase(key);
  sets_.erase(key);
  lists_.erase(key);
}

void MemoryStore::add_member(const std::string& key, const std::string& member) {
  std::lock_guard lock(mutex_);
  sets_[key].insert(member);
}

void MemoryStore::remove_member(const std::string& key, const std::string& member) {
  std::lock_guard lock(mutex_);
  auto found = sets_.find(key);
  if (found == sets_.end()) return;
  found->second.erase(member);
  if (found->second.empty()) sets_.erase(found);  // as Redis drops an empty set
}

std::vector<std::string> MemoryStore::members(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto found = sets_.find(key);
  if (found == sets_.end()) return {};
  return {found->second.begin(), found->second.end()};
}

void MemoryStore::push_bounded(const std::string& key, const std::string& value, std::size_t keep) {
  std::lock_guard lock(mutex_);
  std::vector<std::string>& entries = lists_[key];
  entries.insert(entries.begin(), value);
  if (entries.size() > keep) entries.resize(keep);
  if (entries.empty()) lists_.erase(key);
}

std::vector<std::string> MemoryStore::list(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto found = lists_.find(key);
  if (found == lists_.end()) return {};
  return found->second;
}

std::size_t MemoryStore::key_count() {
  std::lock_guard lock(mutex_);
  return strings_.size() + sets_.size() + lists_.size();
}

}  // namespace marionette::puppetdb
