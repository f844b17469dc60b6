#include <algorithm>
#include <stdexcept>

#include "counters/redis_connection.hpp"
#include "fleet_status/fleet_store.hpp"

namespace marionette::fleet_status {
namespace {

/// Per HSCAN reply: 2 × this many elements, well inside RedisConnection's bounds (4096
/// elements, 1 MiB) for summaries of a few hundred bytes.
constexpr const char* kScanCount = "256";

class RedisFleetStore : public FleetStore {
 public:
  RedisFleetStore(const RedisFleetStoreSettings& settings, counters::RedisEndpoint endpoint)
      : summaries_key_(settings.prefix + ":fleet:summaries"),
        reports_key_(settings.prefix + ":fleet:reports"),
        claim_prefix_(settings.prefix + ":fleet:claim:"),
        connection_(std::move(endpoint), settings.timeout) {}

  void record(const std::string& certname, const std::string& summary) override {
    run({"HSET", summaries_key_, certname, summary});
    run({"INCR", reports_key_});
  }

  std::vector<std::pair<std::string, std::string>> summaries() override {
    std::vector<std::pair<std::string, std::string>> all;
    std::string cursor = "0";
    do {
      counters::RedisReply reply = run({"HSCAN", summaries_key_, cursor, "COUNT", kScanCount});
      if (reply.elements.size() != 2) throw std::runtime_error("unexpected reply to HSCAN");
      cursor = reply.elements[0].text;
      auto& pairs = reply.elements[1].elements;
      for (std::size_t i = 0; i + 1 < pairs.size(); i += 2)
        all.emplace_back(std::move(pairs[i].text), std::move(pairs[i + 1].text));
    } while (cursor != "0");
    return all;
  }

  std::uint64_t reports_received() override {
    counters::RedisReply reply = run({"GET", reports_key_});
    if (reply.kind == counters::RedisReply::Kind::nil) return 0;
    try {
      return std::stoull(reply.text);
    } catch (const std::exception&) {
      throw std::runtime_error(reports_key_ + " is not a number");
    }
  }

  bool claim(const std::string& key, const std::string& owner, std::chrono::seconds ttl) override {
    counters::RedisReply reply = run({"SET", claim_prefix_ + key, owner, "NX", "EX",
                                      std::to_string(std::max<long>(1, ttl.count()))});
    return reply.kind == counters::RedisReply::Kind::status;
  }

 private:
  counters::RedisReply run(const std::vector<std::string>& args) {
    std::string why;
    std::optional<counters::RedisReply> reply = connection_.command(args, &why);
    if (!reply) throw std::runtime_error(why);
    if (reply->kind == counters::RedisReply::Kind::error)
      throw std::runtime_error("Redis refused " + args[0] + ": " + reply->text);
    return std::move(*reply);
  }

  std::string summaries_key_, reports_key_, claim_prefix_;
  counters::RedisConnection connection_;
};

}  // namespace

std::unique_ptr<FleetStore> make_redis_fleet_store(const RedisFleetStoreSettings& settings) {
  std::string why;
  std::optional<counters::RedisEndpoint> endpoint = counters::parse_redis_url(settings.url, &why);
  if (!endpoint) throw std::runtime_error(why);
  return std::make_unique<RedisFleetStore>(settings, std::move(*endpoint));
}

}  // namespace marionette::fleet_status
