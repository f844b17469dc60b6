#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace marionette::puppetdb {

/// The store cannot be reached or refused an operation (PuppetDB answers 500 then).
struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Where PuppetDB's data is kept: strings, sets of strings, lists, hashes and bitmaps by key. Every
/// call is one operation on one key, so a Redis Cluster can serve each (key_layout.hpp says which
/// keys share a slot). Failures throw StoreError. The I/O seam: MemoryStore for tests and a server
/// without Redis, make_redis_store for the fleet's shared Redis.
class Store {
 public:
  virtual ~Store() = default;
  virtual std::optional<std::string> get(const std::string& key) = 0;
  virtual void put(const std::string& key, const std::string& value) = 0;
  /// Sets the string only if the key holds nothing (Redis: SET NX); whether it did.
  virtual bool put_if_absent(const std::string& key, const std::string& value) = 0;
  virtual void remove(const std::string& key) = 0;
  virtual void add_member(const std::string& key, const std::string& member) = 0;
  virtual void remove_member(const std::string& key, const std::string& member) = 0;
  /// Every member of the set, sorted (read in bounded pieces).
  virtual std::vector<std::string> members(const std::string& key) = 0;
  /// The list at `key` gets `value` first and keeps its `keep` first entries.
  virtual void push_bounded(const std::string& key, const std::string& value, std::size_t keep) = 0;
  /// The list's entries, first to last.
  virtual std::vector<std::string> list(const std::string& key) = 0;
  /// Hashes: one field's value, set or removed; every field with its value (in pieces).
  virtual std::optional<std::string> get_field(const std::string& key,
                                               const std::string& field) = 0;
  virtual void put_field(const std::string& key, const std::string& field,
                         const std::string& value) = 0;
  virtual void remove_field(const std::string& key, const std::string& field) = 0;
  virtual std::map<std::string, std::string> fields(const std::string& key) = 0;
  /// Sets `field` only if the hash has none; whether it did.
  virtual bool put_field_if_absent(const std::string& key, const std::string& field,
                                   const std::string& value) = 0;
  /// Removes `field` only if it holds `value`, at once (Redis: a script on the one key).
  virtual void remove_field_if(const std::string& key, const std::string& field,
                               const std::string& value) = 0;
  /// The counter at `key` plus one (a missing counter is 0).
  virtual long long increment(const std::string& key) = 0;
  /// The string at `key` replaced by `value` at once: what it held (Redis: SET … GET), so that
  /// of two writers each learns the value it replaced.
  virtual std::optional<std::string> exchange(const std::string& key, const std::string& value) = 0;
  /// The string at `key` removed at once: what it held (Redis: GETDEL).
  virtual std::optional<std::string> take(const std::string& key) = 0;
  /// A value kept once for every value that refers to it: a hash of the value (field
  /// kReferencedValue) and how many refer to it (field `n`). One referrer more, the value set if
  /// the hash had none; one referrer fewer, the hash removed with the last: each a step on the
  /// one key (Redis: a script), so a referrer that comes as the last goes keeps the value.
  virtual void add_reference(const std::string& key, const std::string& value) = 0;
  virtual void drop_reference(const std::string& key) = 0;
  static constexpr const char* kReferencedValue = "v";
  /// Bitmaps: the bit at `offset` set or cleared; how many bits are set.
  virtual void set_bit(const std::string& key, std::size_t offset, bool value) = 0;
  virtual std::size_t bit_count(const std::string& key) = 0;
  /// The offsets of the bits set, ascending (Redis: GET, read in the order SETBIT writes).
  virtual std::vector<std::size_t> bits(const std::string& key) = 0;
  /// Whether the key holds anything; how many members the set has.
  virtual bool exists(const std::string& key) = 0;
  virtual std::size_t set_size(const std::string& key) = 0;

  /// Many strings, or many hashes' fields ({key, field} each), read together: still one key
  /// per command (Cluster), but Redis answers them in one round trip.
  virtual std::vector<std::optional<std::string>> get_many(const std::vector<std::string>& keys) {
    std::vector<std::optional<std::string>> values;
    for (const std::string& key : keys) values.push_back(get(key));
    return values;
  }
  virtual std::vector<std::optional<std::string>> get_fields(
      const std::vector<std::pair<std::string, std::string>>& key_fields) {
    std::vector<std::optional<std::string>> values;
    for (const auto& [key, field] : key_fields) values.push_back(get_field(key, field));
    return values;
  }
  /// get_many(keys) and get_fields(key_fields) together (Redis: in one round trip, the fields
  /// of one hash that follow one another in one HMGET).
  virtual std::pair<std::vector<std::optional<std::string>>,
                    std::vector<std::optional<std::string>>>
  get_many_and_fields(const std::vector<std::string>& keys,
                      const std::vector<std::pair<std::string, std::string>>& key_fields) {
    return {get_many(keys), get_fields(key_fields)};
  }
  /// Many fields of one hash (Redis: HMGET, a bounded number of fields a command).
  std::vector<std::optional<std::string>> fields_of(const std::string& key,
                                                    const std::vector<std::string>& names) {
    return get_many_and_fields_of({}, key, names).second;
  }
  /// get_many(keys) and fields_of(hash, names) together (Redis: in one round trip). For a
  /// hash of small fields: one HMGET's reply holds a thousand of them.
  virtual std::pair<std::vector<std::optional<std::string>>,
                    std::vector<std::optional<std::string>>>
  get_many_and_fields_of(const std::vector<std::string>& keys, const std::string& hash,
                         const std::vector<std::string>& names) {
    std::vector<std::pair<std::string, std::string>> key_fields;
    key_fields.reserve(names.size());
    for (const std::string& name : names) key_fields.emplace_back(hash, name);
    return get_many_and_fields(keys, key_fields);
  }
  /// A field of a hash, by the hash's key and the field's name.
  struct Field {
    std::string key;
    std::string field;
  };
  /// The ids of an index of node ids: the members of `set` (integers), the bits of `bitmap`
  /// and the ids the fields `firsts` hold, sorted, once each (Redis: read in one round trip).
  virtual std::vector<std::size_t> ids(const std::string& set, const std::string& bitmap,
                                       const std::vector<Field>& firsts) {
    std::vector<std::size_t> found = bits(bitmap);
    for (const Field& first : firsts)
      if (std::optional<std::string> id = get_field(first.key, first.field))
        found.push_back(std::stoull(*id));
    for (const std::string& member : members(set)) found.push_back(std::stoull(member));
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
  }
  /// An index of node ids as ids() reads it.
  struct IdIndex {
    std::string set, bitmap;
    std::vector<Field> firsts;
  };
  /// ids() of each index (Redis: their first pieces in one round trip).
  virtual std::vector<std::vector<std::size_t>> ids_of_each(const std::vector<IdIndex>& indexes) {
    std::vector<std::vector<std::size_t>> found;
    for (const IdIndex& index : indexes)
      found.push_back(ids(index.set, index.bitmap, index.firsts));
    return found;
  }
  /// put_field_if_absent of each field with its value (Redis: pipelined); whether each was set.
  virtual std::vector<bool> put_fields_if_absent(
      const std::vector<std::pair<Field, std::string>>& values) {
    std::vector<bool> set;
    for (const auto& [where, value] : values)
      set.push_back(put_field_if_absent(where.key, where.field, value));
    return set;
  }
  /// exists() and set_size() of many keys (Redis: pipelined).
  virtual std::vector<bool> exist(const std::vector<std::string>& keys) {
    std::vector<bool> found;
    for (const std::string& key : keys) found.push_back(exists(key));
    return found;
  }
  virtual std::vector<std::size_t> set_sizes(const std::vector<std::string>& keys) {
    std::vector<std::size_t> sizes;
    for (const std::string& key : keys) sizes.push_back(set_size(key));
    return sizes;
  }
  /// Sets the fields of `values` in the hash and removes those of `gone`: one command each
  /// (Redis: HSET KEY F V F V …, HDEL KEY F …), so a node's facts are one write.
  virtual void put_fields(const std::string& key, const std::map<std::string, std::string>& values,
                          const std::vector<std::string>& gone) {
    for (const auto& [field, value] : values) put_field(key, field, value);
    for (const std::string& field : gone) remove_field(key, field);
  }
  /// fields() of each hash (Redis: pipelined, HGETALL for a hash of a few hundred fields, else
  /// in pieces).
  virtual std::vector<std::map<std::string, std::string>> fields_many(
      const std::vector<std::string>& keys) {
    std::vector<std::map<std::string, std::string>> all;
    for (const std::string& key : keys) all.push_back(fields(key));
    return all;
  }
  /// One change of a set or a bitmap, for changes() to make many at once.
  struct Change {
    enum class Kind { add_member, remove_member, set_bit, clear_bit, remove_field_if };
    Kind kind;
    std::string key;
    std::string member;      ///< add_member, remove_member; remove_field_if: the field
    std::size_t offset = 0;  ///< set_bit, clear_bit
    std::string value{};     ///< remove_field_if: the value the field must hold
  };
  /// Makes the changes in order (Redis: pipelined, one key per command).
  virtual void change(const std::vector<Change>& changes) {
    for (const Change& c : changes) {
      if (c.kind == Change::Kind::add_member) add_member(c.key, c.member);
      if (c.kind == Change::Kind::remove_member) remove_member(c.key, c.member);
      if (c.kind == Change::Kind::set_bit) set_bit(c.key, c.offset, true);
      if (c.kind == Change::Kind::clear_bit) set_bit(c.key, c.offset, false);
      if (c.kind == Change::Kind::remove_field_if) remove_field_if(c.key, c.member, c.value);
    }
  }
  /// bit_count of each key.
  virtual std::vector<std::size_t> bit_counts(const std::vector<std::string>& keys) {
    std::vector<std::size_t> counts;
    for (const std::string& key : keys) counts.push_back(bit_count(key));
    return counts;
  }
  virtual std::vector<std::vector<std::string>> lists(const std::vector<std::string>& keys) {
    std::vector<std::vector<std::string>> all;
    for (const std::string& key : keys) all.push_back(list(key));
    return all;
  }
  /// Whether the store may serve another request (StorePool): false once its connection
  /// failed.
  virtual bool reusable() const { return true; }
};

/// The store in this process's memory, thread-safe.
class MemoryStore : public Store {
 public:
  std::optional<std::string> get(const std::string& key) override;
  void put(const std::string& key, const std::string& value) override;
  bool put_if_absent(const std::string& key, const std::string& value) override;
  void remove(const std::string& key) override;
  void add_member(const std::string& key, const std::string& member) override;
  void remove_member(const std::string& key, const std::string& member) override;
  std::vector<std::string> members(const std::string& key) override;
  void push_bounded(const std::string& key, const std::string& value, std::size_t keep) override;
  std::vector<std::string> list(const std::string& key) override;
  std::optional<std::string> get_field(const std::string& key, const std::string& field) override;
  void put_field(const std::string& key, const std::string& field,
                 const std::string& value) override;
  void remove_field(const std::string& key, const std::string& field) override;
  std::map<std::string, std::string> fields(const std::string& key) override;
  bool put_field_if_absent(const std::string& key, const std::string& field,
                           const std::string& value) override;
  void remove_field_if(const std::string& key, const std::string& field,
                       const std::string& value) override;
  long long increment(const std::string& key) override;
  std::optional<std::string> exchange(const std::string& key, const std::string& value) override;
  std::optional<std::string> take(const std::string& key) override;
  void add_reference(const std::string& key, const std::string& value) override;
  void drop_reference(const std::string& key) override;
  void set_bit(const std::string& key, std::size_t offset, bool value) override;
  std::size_t bit_count(const std::string& key) override;
  std::vector<std::size_t> bits(const std::string& key) override;
  bool exists(const std::string& key) override;
  std::size_t set_size(const std::string& key) override;
  /// How many keys hold something (tests check that deletions leave nothing behind).
  std::size_t key_count();
  /// Everything it holds, one line a key (kind, key, then its value, members, entries, fields
  /// or bits): tests compare two stores.
  std::string contents();

 private:
  std::mutex mutex_;
  std::map<std::string, std::string> strings_;
  std::map<std::string, std::set<std::string>> sets_;
  std::map<std::string, std::vector<std::string>> lists_;
  std::map<std::string, std::map<std::string, std::string>> hashes_;
  std::map<std::string, std::vector<bool>> bitmaps_;
};

/// The store in Redis (redis://… or unix://…), through core/counters' RedisConnection: one
/// connection, every command bounded by `timeout`. Throws StoreError for a URL it cannot read.
std::unique_ptr<Store> make_redis_store(const std::string& url, std::chrono::milliseconds timeout);

}  // namespace marionette::puppetdb
