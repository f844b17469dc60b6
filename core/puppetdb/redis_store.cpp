// The store in Redis through core/counters' RedisConnection (hiredis stays there). Reads of
// sets and lists go in pieces (SSCAN, LRANGE of one entry), so no reply passes the
// connection's element bound however large the fleet; a reply's bytes are bounded by the
// largest document the store keeps (and the few fields beside it in a hash), so that whatever
// was stored can be read back.
#include <algorithm>
#include <cstdlib>

#include "counters/redis_connection.hpp"
#include "counters/redis_url.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/stored_text.hpp"

namespace marionette::puppetdb {

namespace {

using counters::RedisReply;

/// A stored document, or a node's hash of fields that together hold one, with room to spare.
constexpr std::size_t kLargestReply = kLargestDocument + counters::RedisConnection::kMaxReplyBytes;

/// The offsets of the bits set in a bitmap's bytes (bit 0 is the first byte's highest, as
/// SETBIT numbers them), appended.
void add_bits(const std::string& bytes, std::vector<std::size_t>& offsets) {
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto byte = static_cast<unsigned char>(bytes[i]);
    for (unsigned bit = 0; byte && bit < 8; ++bit)
      if (byte & (0x80u >> bit)) offsets.push_back(i * 8 + bit);
  }
}

/// Fields of one hash a command (HMGET), within the connection's bound on elements.
constexpr std::size_t kFieldsAtOnce = 1000;

class RedisStore : public Store {
 public:
  RedisStore(counters::RedisEndpoint endpoint, std::chrono::milliseconds timeout)
      : connection_(std::move(endpoint), timeout, kLargestReply) {}

  std::optional<std::string> get(const std::string& key) override {
    RedisReply reply = run({"GET", key});
    if (reply.kind == RedisReply::Kind::nil) return std::nullopt;
    return std::move(reply.text);
  }
  void put(const std::string& key, const std::string& value) override { run({"SET", key, value}); }
  bool put_if_absent(const std::string& key, const std::string& value) override {
    return run({"SET", key, value, "NX"}).kind != RedisReply::Kind::nil;
  }
  void remove(const std::string& key) override { run({"DEL", key}); }
  void add_member(const std::string& key, const std::string& member) override {
    run({"SADD", key, member});
  }
  void remove_member(const std::string& key, const std::string& member) override {
    run({"SREM", key, member});
  }
  std::vector<std::string> members(const std::string& key) override {
    std::vector<std::string> all;
    std::string cursor = "0";
    do {
      RedisReply reply = run({"SSCAN", key, cursor, "COUNT", "1000"});
      if (reply.elements.size() != 2) throw StoreError("Redis: unexpected reply to SSCAN");
      cursor = reply.elements[0].text;
      for (auto& element : reply.elements[1].elements) all.push_back(std::move(element.text));
    } while (cursor != "0");
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());  // SSCAN may repeat one
    return all;
  }
  void push_bounded(const std::string& key, const std::string& value, std::size_t keep) override {
    run({"LPUSH", key, value});
    run({"LTRIM", key, "0", std::to_string(keep == 0 ? -1 : static_cast<long>(keep) - 1)});
  }
  std::optional<std::string> get_field(const std::string& key, const std::string& field) override {
    RedisReply reply = run({"HGET", key, field});
    if (reply.kind == RedisReply::Kind::nil) return std::nullopt;
    return std::move(reply.text);
  }
  void put_field(const std::string& key, const std::string& field,
                 const std::string& value) override {
    run({"HSET", key, field, value});
  }
  void remove_field(const std::string& key, const std::string& field) override {
    run({"HDEL", key, field});
  }
  std::map<std::string, std::string> fields(const std::string& key) override {
    std::map<std::string, std::string> all;
    std::string cursor = "0";
    do {  // a few fields at a time: each value may be kilobytes
      RedisReply reply = run({"HSCAN", key, cursor, "COUNT", "8"});
      if (reply.elements.size() != 2) throw StoreError("Redis: unexpected reply to HSCAN");
      cursor = reply.elements[0].text;
      std::vector<RedisReply>& pairs = reply.elements[1].elements;
      for (std::size_t i = 0; i + 1 < pairs.size(); i += 2)
        all[std::move(pairs[i].text)] = std::move(pairs[i + 1].text);
    } while (cursor != "0");
    return all;
  }
  bool put_field_if_absent(const std::string& key, const std::string& field,
                           const std::string& value) override {
    return run({"HSETNX", key, field, value}).integer == 1;
  }
  void remove_field_if(const std::string& key, const std::string& field,
                       const std::string& value) override {
    run(remove_field_if_command(key, field, value));
  }
  std::vector<bool> put_fields_if_absent(
      const std::vector<std::pair<Field, std::string>>& values) override {
    std::vector<std::vector<std::string>> commands;
    for (const auto& [where, value] : values)
      commands.push_back({"HSETNX", where.key, where.field, value});
    std::vector<bool> set;
    for (const RedisReply& reply : replies_of(commands)) set.push_back(reply.integer == 1);
    return set;
  }
  long long increment(const std::string& key) override { return run({"INCR", key}).integer; }
  std::optional<std::string> exchange(const std::string& key, const std::string& value) override {
    RedisReply reply = run({"SET", key, value, "GET"});
    if (reply.kind == RedisReply::Kind::nil) return std::nullopt;
    return std::move(reply.text);
  }
  std::optional<std::string> take(const std::string& key) override {
    RedisReply reply = run({"GETDEL", key});
    if (reply.kind == RedisReply::Kind::nil) return std::nullopt;
    return std::move(reply.text);
  }
  void add_reference(const std::string& key, const std::string& value) override {
    run({"EVAL",
         "redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) "
         "return redis.call('HINCRBY', KEYS[1], 'n', 1)",
         "1", key, kReferencedValue, value});
  }
  void drop_reference(const std::string& key) override {
    run({"EVAL",
         "local left = redis.call('HINCRBY', KEYS[1], 'n', -1) "
         "if left <= 0 then redis.call('DEL', KEYS[1]) end return left",
         "1", key});
  }
  void set_bit(const std::string& key, std::size_t offset, bool value) override {
    run({"SETBIT", key, std::to_string(offset), value ? "1" : "0"});
  }
  std::size_t bit_count(const std::string& key) override {
    return static_cast<std::size_t>(run({"BITCOUNT", key}).integer);
  }
  std::vector<std::optional<std::string>> get_many(const std::vector<std::string>& keys) override {
    return get_many_and_fields(keys, {}).first;
  }
  std::vector<std::optional<std::string>> get_fields(
      const std::vector<std::pair<std::string, std::string>>& key_fields) override {
    return get_many_and_fields({}, key_fields).second;
  }
  std::pair<std::vector<std::optional<std::string>>, std::vector<std::optional<std::string>>>
  get_many_and_fields(const std::vector<std::string>& keys,
                      const std::vector<std::pair<std::string, std::string>>& key_fields) override {
    // one HMGET a run of fields of the same hash (at most kFieldsAtOnce)
    std::vector<std::vector<std::string>> hmgets;
    for (std::size_t from = 0; from < key_fields.size();) {
      const std::string& hash = key_fields[from].first;
      std::vector<std::string> command = {"HMGET", hash};
      for (; from < key_fields.size() && key_fields[from].first == hash &&
             command.size() - 2 < kFieldsAtOnce;
           ++from)
        command.push_back(key_fields[from].second);
      hmgets.push_back(std::move(command));
    }
    return strings_and_fields(keys, std::move(hmgets));
  }
  std::pair<std::vector<std::optional<std::string>>, std::vector<std::optional<std::string>>>
  get_many_and_fields_of(const std::vector<std::string>& keys, const std::string& hash,
                         const std::vector<std::string>& names) override {
    std::vector<std::vector<std::string>> hmgets;
    for (std::size_t from = 0; from < names.size(); from += kFieldsAtOnce) {
      std::vector<std::string> command = {"HMGET", hash};
      command.insert(command.end(), names.begin() + static_cast<std::ptrdiff_t>(from),
                     names.begin() +
                         static_cast<std::ptrdiff_t>(std::min(names.size(), from + kFieldsAtOnce)));
      hmgets.push_back(std::move(command));
    }
    return strings_and_fields(keys, std::move(hmgets));
  }
  void put_fields(const std::string& key, const std::map<std::string, std::string>& values,
                  const std::vector<std::string>& gone) override {
    std::vector<std::vector<std::string>> commands;
    if (!values.empty()) {
      std::vector<std::string> set = {"HSET", key};
      for (const auto& [field, value] : values) {
        set.push_back(field);
        set.push_back(value);
      }
      commands.push_back(std::move(set));
    }
    if (!gone.empty()) {
      std::vector<std::string> remove = {"HDEL", key};
      remove.insert(remove.end(), gone.begin(), gone.end());
      commands.push_back(std::move(remove));
    }
    values_of(commands);
  }
  std::vector<std::map<std::string, std::string>> fields_many(
      const std::vector<std::string>& keys) override {
    // a hash of at most kWholeFields fields comes in one reply (within the connection's bound
    // on elements); a larger one in pieces, as fields() reads it
    constexpr long long kWholeFields = 512;
    std::vector<std::vector<std::string>> lengths;
    for (const std::string& key : keys) lengths.push_back({"HLEN", key});
    std::vector<std::optional<std::string>> counted = values_of(lengths);
    std::vector<std::map<std::string, std::string>> all(keys.size());
    std::vector<std::vector<std::string>> whole;
    std::vector<std::size_t> owner;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const long long length = counted[i] ? std::stoll(*counted[i]) : 0;
      if (length == 0) continue;
      if (length > kWholeFields) {
        all[i] = fields(keys[i]);
        continue;
      }
      whole.push_back({"HGETALL", keys[i]});
      owner.push_back(i);
    }
    std::vector<RedisReply> replies = replies_of(whole);
    for (std::size_t i = 0; i < replies.size(); ++i) {
      std::vector<RedisReply>& pairs = replies[i].elements;
      for (std::size_t j = 0; j + 1 < pairs.size(); j += 2)
        all[owner[i]][std::move(pairs[j].text)] = std::move(pairs[j + 1].text);
    }
    return all;
  }
  std::vector<std::vector<std::string>> lists(const std::vector<std::string>& keys) override {
    std::vector<std::vector<std::string>> lengths;
    for (const std::string& key : keys) lengths.push_back({"LLEN", key});
    std::vector<std::vector<std::string>> entries;  // each entry alone: one reply each
    std::vector<std::size_t> owner;
    std::vector<std::optional<std::string>> counted = values_of(lengths);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const long long length = counted[i] ? std::stoll(*counted[i]) : 0;
      for (long long n = 0; n < length; ++n) {
        entries.push_back({"LINDEX", keys[i], std::to_string(n)});
        owner.push_back(i);
      }
    }
    std::vector<std::vector<std::string>> all(keys.size());
    std::vector<std::optional<std::string>> read = values_of(entries);
    for (std::size_t i = 0; i < read.size(); ++i)
      if (read[i]) all[owner[i]].push_back(std::move(*read[i]));  // nil: trimmed meanwhile
    return all;
  }
  void change(const std::vector<Change>& changes) override {
    std::vector<std::vector<std::string>> commands;
    for (const Change& c : changes) {
      using Kind = Change::Kind;
      if (c.kind == Kind::add_member) commands.push_back({"SADD", c.key, c.member});
      if (c.kind == Kind::remove_member) commands.push_back({"SREM", c.key, c.member});
      if (c.kind == Kind::set_bit || c.kind == Kind::clear_bit)
        commands.push_back(
            {"SETBIT", c.key, std::to_string(c.offset), c.kind == Kind::set_bit ? "1" : "0"});
      if (c.kind == Kind::remove_field_if)
        commands.push_back(remove_field_if_command(c.key, c.member, c.value));
    }
    values_of(commands);
  }
  std::vector<std::size_t> bit_counts(const std::vector<std::string>& keys) override {
    std::vector<std::vector<std::string>> commands;
    for (const std::string& key : keys) commands.push_back({"BITCOUNT", key});
    std::vector<std::size_t> counts;
    for (const std::optional<std::string>& count : values_of(commands))
      counts.push_back(count ? static_cast<std::size_t>(std::stoull(*count)) : 0);
    return counts;
  }
  bool reusable() const override { return !failed_; }
  std::vector<std::size_t> bits(const std::string& key) override {
    std::vector<std::size_t> offsets;
    add_bits(run({"GET", key}).text, offsets);
    return offsets;
  }
  std::vector<std::size_t> ids(const std::string& set, const std::string& bitmap,
                               const std::vector<Field>& firsts) override {
    return ids_of_each({{set, bitmap, firsts}}).front();
  }
  std::vector<std::vector<std::size_t>> ids_of_each(const std::vector<IdIndex>& indexes) override {
    // each set's first piece, its bitmap and its first ids, of every index in one round trip
    // (an intset comes whole)
    std::vector<std::vector<std::string>> commands;
    for (const IdIndex& index : indexes) {
      commands.push_back({"SSCAN", index.set, "0", "COUNT", "1000"});
      commands.push_back({"GET", index.bitmap});
      for (const Field& first : index.firsts) commands.push_back({"HGET", first.key, first.field});
    }
    std::vector<RedisReply> replies = replies_of(commands);
    std::vector<std::vector<std::size_t>> all;
    std::size_t next = 0;
    for (const IdIndex& index : indexes) {
      std::vector<std::size_t> found;
      RedisReply page = std::move(replies[next]);
      add_bits(replies[next + 1].text, found);
      const std::size_t bits = found.size();  // ascending already: only the rest is sorted
      for (std::size_t i = 0; i < index.firsts.size(); ++i) {
        const RedisReply& first = replies[next + 2 + i];
        if (first.kind == RedisReply::Kind::string)
          found.push_back(static_cast<std::size_t>(std::strtoull(first.text.c_str(), nullptr, 10)));
      }
      next += 2 + index.firsts.size();
      while (true) {
        if (page.elements.size() != 2) throw StoreError("Redis: unexpected reply to SSCAN");
        for (const RedisReply& id : page.elements[1].elements)
          found.push_back(static_cast<std::size_t>(std::strtoull(id.text.c_str(), nullptr, 10)));
        const std::string cursor = page.elements[0].text;
        if (cursor == "0") break;
        page = run({"SSCAN", index.set, cursor, "COUNT", "1000"});
      }
      const auto rest = found.begin() + static_cast<std::ptrdiff_t>(bits);
      std::sort(rest, found.end());
      std::inplace_merge(found.begin(), rest, found.end());
      found.erase(std::unique(found.begin(), found.end()), found.end());
      all.push_back(std::move(found));
    }
    return all;
  }
  bool exists(const std::string& key) override { return run({"EXISTS", key}).integer > 0; }
  std::size_t set_size(const std::string& key) override {
    return static_cast<std::size_t>(run({"SCARD", key}).integer);
  }
  std::vector<bool> exist(const std::vector<std::string>& keys) override {
    std::vector<std::vector<std::string>> commands;
    for (const std::string& key : keys) commands.push_back({"EXISTS", key});
    std::vector<bool> found;
    for (const RedisReply& reply : replies_of(commands)) found.push_back(reply.integer > 0);
    return found;
  }
  std::vector<std::size_t> set_sizes(const std::vector<std::string>& keys) override {
    std::vector<std::vector<std::string>> commands;
    for (const std::string& key : keys) commands.push_back({"SCARD", key});
    std::vector<std::size_t> sizes;
    for (const RedisReply& reply : replies_of(commands))
      sizes.push_back(static_cast<std::size_t>(reply.integer));
    return sizes;
  }
  std::vector<std::string> list(const std::string& key) override {
    return lists({key}).front();  // its length, then every entry in one round trip
  }

 private:
  /// HDEL of `field` if it holds `value`, as one step: a script on the one key (Cluster
  /// serves it, as any command on one key).
  static std::vector<std::string> remove_field_if_command(const std::string& key,
                                                          const std::string& field,
                                                          const std::string& value) {
    return {"EVAL",
            "if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then "
            "return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0",
            "1",
            key,
            field,
            value};
  }

  /// The commands' string replies (nil: nullopt), pipelined a bounded number at a time: each
  /// reply is read within the connection's bounds as it comes.
  /// The keys' GETs and the HMGETs ({"HMGET", hash, names…} each) in one round trip: the
  /// strings, and every HMGET's fields in order (a reply with another number of fields is a
  /// StoreError).
  std::pair<std::vector<std::optional<std::string>>, std::vector<std::optional<std::string>>>
  strings_and_fields(const std::vector<std::string>& keys,
                     std::vector<std::vector<std::string>> hmgets) {
    std::vector<std::vector<std::string>> commands;
    commands.reserve(keys.size() + hmgets.size());
    for (const std::string& key : keys) commands.push_back({"GET", key});
    std::size_t asked = 0;
    for (std::vector<std::string>& command : hmgets) {
      asked += command.size() - 2;
      commands.push_back(std::move(command));
    }
    std::vector<RedisReply> replies = replies_of(commands);
    std::vector<std::optional<std::string>> values, fields;
    values.reserve(keys.size());
    fields.reserve(asked);
    auto value_of = [](RedisReply& reply) {
      return reply.kind == RedisReply::Kind::nil
                 ? std::nullopt
                 : std::optional<std::string>(std::move(reply.text));
    };
    for (std::size_t i = 0; i < replies.size(); ++i) {
      if (i < keys.size()) {
        values.push_back(value_of(replies[i]));
        continue;
      }
      if (replies[i].elements.size() != commands[i].size() - 2)
        throw StoreError("Redis answered HMGET with other fields");
      for (RedisReply& value : replies[i].elements) fields.push_back(value_of(value));
    }
    return {std::move(values), std::move(fields)};
  }
  std::vector<std::optional<std::string>> values_of(
      const std::vector<std::vector<std::string>>& commands) {
    std::vector<std::optional<std::string>> values;
    values.reserve(commands.size());
    for (RedisReply& reply : replies_of(commands)) {
      if (reply.kind == RedisReply::Kind::integer)
        values.push_back(std::to_string(reply.integer));
      else
        values.push_back(reply.kind == RedisReply::Kind::nil
                             ? std::nullopt
                             : std::optional<std::string>(std::move(reply.text)));
    }
    return values;
  }

  /// The commands' replies (an error reply throws), pipelined as values_of says.
  std::vector<RedisReply> replies_of(const std::vector<std::vector<std::string>>& commands) {
    constexpr std::size_t kAtOnce = 256;
    std::vector<RedisReply> all;
    all.reserve(commands.size());
    for (std::size_t from = 0; from < commands.size(); from += kAtOnce) {
      std::vector<std::vector<std::string>> part(
          commands.begin() + from, commands.begin() + std::min(commands.size(), from + kAtOnce));
      std::string why;
      std::optional<std::vector<RedisReply>> replies = connection_.pipeline(part, &why);
      if (!replies) {
        failed_ = true;
        throw StoreError("Redis: " + why);
      }
      for (std::size_t i = 0; i < replies->size(); ++i) {
        if ((*replies)[i].kind == RedisReply::Kind::error)
          throw StoreError("Redis refused " + part[i][0] + ": " + (*replies)[i].text);
        all.push_back(std::move((*replies)[i]));
      }
    }
    return all;
  }

  RedisReply run(const std::vector<std::string>& args) {
    std::string why;
    std::optional<RedisReply> reply = connection_.command(args, &why);
    if (!reply) {
      failed_ = true;
      throw StoreError("Redis: " + why);
    }
    if (reply->kind == RedisReply::Kind::error)
      throw StoreError("Redis refused " + args[0] + ": " + reply->text);
    return std::move(*reply);
  }

  counters::RedisConnection connection_;
  bool failed_ = false;  ///< a command could not reach Redis: not for another request
};

}  // namespace

std::unique_ptr<Store> make_redis_store(const std::string& url, std::chrono::milliseconds timeout) {
  std::string why;
  std::optional<counters::RedisEndpoint> endpoint = counters::parse_redis_url(url, &why);
  if (!endpoint) throw StoreError(why);
  return std::make_unique<RedisStore>(std::move(*endpoint), timeout);
}

}  // namespace marionette::puppetdb
