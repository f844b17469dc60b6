#include <algorithm>

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

bool MemoryStore::put_if_absent(const std::string& key, const std::string& value) {
  std::lock_guard lock(mutex_);
  if (sets_.count(key) || lists_.count(key) || hashes_.count(key) || bitmaps_.count(key))
    return false;
  return strings_.emplace(key, value).second;
}

void MemoryStore::remove(const std::string& key) {
  std::lock_guard lock(mutex_);
  strings_.erase(key);
  sets_.erase(key);
  lists_.erase(key);
  hashes_.erase(key);
  bitmaps_.erase(key);
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
  return strings_.size() + sets_.size() + lists_.size() + hashes_.size() + bitmaps_.size();
}

std::string MemoryStore::contents() {
  std::lock_guard lock(mutex_);
  std::string text;
  for (const auto& [key, value] : strings_) text += "string " + key + " " + value + "\n";
  for (const auto& [key, members] : sets_) {
    text += "set " + key;
    for (const std::string& member : members) text += " " + member;
    text += "\n";
  }
  for (const auto& [key, entries] : lists_) {
    text += "list " + key;
    for (const std::string& entry : entries) text += " " + entry;
    text += "\n";
  }
  for (const auto& [key, fields] : hashes_) {
    text += "hash " + key;
    for (const auto& [field, value] : fields) text += " " + field + "=" + value;
    text += "\n";
  }
  for (const auto& [key, bits] : bitmaps_) {
    text += "bitmap " + key + " ";
    for (bool bit : bits) text += bit ? '1' : '0';
    text += "\n";
  }
  return text;
}

std::optional<std::string> MemoryStore::get_field(const std::string& key,
                                                  const std::string& field) {
  std::lock_guard lock(mutex_);
  auto hash = hashes_.find(key);
  if (hash == hashes_.end()) return std::nullopt;
  auto found = hash->second.find(field);
  if (found == hash->second.end()) return std::nullopt;
  return found->second;
}

void MemoryStore::put_field(const std::string& key, const std::string& field,
                            const std::string& value) {
  std::lock_guard lock(mutex_);
  hashes_[key][field] = value;
}

void MemoryStore::remove_field(const std::string& key, const std::string& field) {
  std::lock_guard lock(mutex_);
  auto hash = hashes_.find(key);
  if (hash == hashes_.end()) return;
  hash->second.erase(field);
  if (hash->second.empty()) hashes_.erase(hash);  // as Redis drops an empty hash
}

std::map<std::string, std::string> MemoryStore::fields(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto hash = hashes_.find(key);
  if (hash == hashes_.end()) return {};
  return hash->second;
}

bool MemoryStore::put_field_if_absent(const std::string& key, const std::string& field,
                                      const std::string& value) {
  std::lock_guard lock(mutex_);
  return hashes_[key].emplace(field, value).second;
}

void MemoryStore::remove_field_if(const std::string& key, const std::string& field,
                                  const std::string& value) {
  std::lock_guard lock(mutex_);
  auto hash = hashes_.find(key);
  if (hash == hashes_.end()) return;
  auto found = hash->second.find(field);
  if (found == hash->second.end() || found->second != value) return;
  hash->second.erase(found);
  if (hash->second.empty()) hashes_.erase(hash);
}

long long MemoryStore::increment(const std::string& key) {
  std::lock_guard lock(mutex_);
  std::string& counter = strings_[key];
  long long next = (counter.empty() ? 0 : std::stoll(counter)) + 1;
  counter = std::to_string(next);
  return next;
}

std::optional<std::string> MemoryStore::exchange(const std::string& key, const std::string& value) {
  std::lock_guard lock(mutex_);
  std::optional<std::string> held;
  if (auto found = strings_.find(key); found != strings_.end()) held = std::move(found->second);
  strings_[key] = value;
  return held;
}

std::optional<std::string> MemoryStore::take(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto found = strings_.find(key);
  if (found == strings_.end()) return std::nullopt;
  std::optional<std::string> held = std::move(found->second);
  strings_.erase(found);
  return held;
}

void MemoryStore::add_reference(const std::string& key, const std::string& value) {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::string>& hash = hashes_[key];
  hash.emplace(kReferencedValue, value);
  std::string& count = hash["n"];
  count = std::to_string((count.empty() ? 0 : std::stoll(count)) + 1);
}

void MemoryStore::drop_reference(const std::string& key) {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::string>& hash = hashes_[key];
  std::string& count = hash["n"];
  const long long left = (count.empty() ? 0 : std::stoll(count)) - 1;
  if (left <= 0)
    hashes_.erase(key);
  else
    count = std::to_string(left);
}

void MemoryStore::set_bit(const std::string& key, std::size_t offset, bool value) {
  std::lock_guard lock(mutex_);
  std::vector<bool>& bits = bitmaps_[key];
  if (bits.size() <= offset) bits.resize(offset + 1);
  bits[offset] = value;
}

std::size_t MemoryStore::bit_count(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto found = bitmaps_.find(key);
  if (found == bitmaps_.end()) return 0;
  return static_cast<std::size_t>(std::count(found->second.begin(), found->second.end(), true));
}

std::vector<std::size_t> MemoryStore::bits(const std::string& key) {
  std::lock_guard lock(mutex_);
  std::vector<std::size_t> offsets;
  auto found = bitmaps_.find(key);
  if (found == bitmaps_.end()) return offsets;
  for (std::size_t i = 0; i < found->second.size(); ++i)
    if (found->second[i]) offsets.push_back(i);
  return offsets;
}

bool MemoryStore::exists(const std::string& key) {
  std::lock_guard lock(mutex_);
  return strings_.count(key) || sets_.count(key) || lists_.count(key) || hashes_.count(key) ||
         bitmaps_.count(key);
}

std::size_t MemoryStore::set_size(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto found = sets_.find(key);
  return found == sets_.end() ? 0 : found->second.size();
}

}  // namespace marionette::puppetdb
