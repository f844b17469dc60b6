// The store in Redis through core/counters' RedisConnection (hiredis stays there). Reads of
// sets and lists go in pieces (SSCAN, LRANGE of one entry), so no reply passes the
// connection's bounds however large the fleet.
#include <algorithm>

#include "counters/redis_connection.hpp"
#include "counters/redis_url.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb {

namespace {

using counters::RedisReply;

class RedisStore : public Store {
 public:
  RedisStore(counters::RedisEndpoint endpoint, std::chrono::milliseconds timeout)
      : connection_(std::move(endpoint), timeout) {}

  std::optional<std::string> get(const std::string& key) override {
    RedisReply reply = run({"GET", key});
    if (reply.kind == RedisReply::Kind::nil) return std::nullopt;
    return std::move(reply.text);
  }
  void put(const std::string& key, const std::string& value) override { run({"SET", key, value}); }
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
      RedisReply reply = run({"SSCAN", key, cursor, "COUNT", "500"});
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
  std::vector<std::string> list(const std::string& key) override {
    RedisReply length = run({"LLEN", key});
    std::vector<std::string> entries;
    for (long long i = 0; i < length.integer; ++i) {
      RedisReply entry = run({"LINDEX", key, std::to_string(i)});
      if (entry.kind == RedisReply::Kind::nil) break;  // trimmed meanwhile
      entries.push_back(std::move(entry.text));
    }
    return entries;
  }

 private:
  RedisReply run(const std::vector<std::string>& args) {
    std::string why;
    std::optional<RedisReply> reply = connection_.command(args, &why);
    if (!reply) throw StoreError("Redis: " + why);
    if (reply->kind == RedisReply::Kind::error)
      throw StoreError("Redis refused " + args[0] + ": " + reply->text);
    return std::move(*reply);
  }

  counters::RedisConnection connection_;
};

}  // namespace

std::unique_ptr<Store> make_redis_store(const std::string& url, std::chrono::milliseconds timeout) {
  std::string why;
  std::optional<counters::RedisEndpoint> endpoint = counters::parse_redis_url(url, &why);
  if (!endpoint) throw StoreError(why);
  return std::make_unique<RedisStore>(std::move(*endpoint), timeout);
}

}  // namespace marionette::puppetdb
