#include "counters/redis_counter_store.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "counters/io_error.hpp"
#include "counters/state_files.hpp"
#include "counters/totals.hpp"
#include "storage/durable_file.hpp"
#include "storage/state_lock.hpp"

namespace marionette::counters {
namespace {

/// KEYS: applied zset, applied_seq, node hash, fleet hash.
/// ARGV: run id, how many ids to remember, then one field/increment pair per counted field.
/// Counts the run unless its id was counted before, and returns {counted (1 or 0), the node's
/// totals, the fleet's totals} (fields in ARGV's order) as they are after it.
constexpr const char* kApplyRunScript = R"lua(
local counted = 0
local fields = {}
for i = 3, #ARGV, 2 do fields[#fields + 1] = ARGV[i] end
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  counted = 1
  local seq = redis.call('INCR', KEYS[2])
  redis.call('ZADD', KEYS[1], seq, ARGV[1])
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[2]) + 1))
  for i = 3, #ARGV, 2 do
    if ARGV[i + 1] ~= '0' then
      redis.call('HINCRBY', KEYS[3], ARGV[i], ARGV[i + 1])
      redis.call('HINCRBY', KEYS[4], ARGV[i], ARGV[i + 1])
    end
  end
end
local result = {counted}
for _, key in ipairs({KEYS[3], KEYS[4]}) do
  local values = redis.call('HMGET', key, unpack(fields))
  for i = 1, #fields do result[#result + 1] = values[i] or false end
end
return result
)lua";

/// KEYS: node hash, fleet hash. ARGV: field/increment pairs. Gives back to both hashes what a
/// Redis restarted without its data lost of this node's totals.
constexpr const char* kRestoreScript = R"lua(
for i = 1, #ARGV, 2 do
  redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1])
  redis.call('HINCRBY', KEYS[2], ARGV[i], ARGV[i + 1])
end
return 1
)lua";

std::uint64_t to_count(const RedisReply& reply) {
  std::uint64_t value = 0;
  if (reply.kind == RedisReply::Kind::integer && reply.integer > 0) return reply.integer;
  if (reply.kind != RedisReply::Kind::string) return 0;
  std::from_chars(reply.text.data(), reply.text.data() + reply.text.size(), value);
  return value;
}

/// Totals from `count` replies starting at `first`, in kCounterFields' order.
Totals totals_from(const std::vector<RedisReply>& replies, std::size_t first) {
  Totals totals;
  for (std::size_t i = 0; i < kCounterFields.size(); ++i) {
    totals.*kCounterFields[i].total = to_count(replies[first + i]);
  }
  return totals;
}

Totals plus(Totals totals, const std::vector<RunDelta>& pending) {
  for (const RunDelta& delta : pending) add_delta(totals, delta);
  return totals;
}

/// What `have` lacks of `expected`, field by field (0 where it has as much or more).
Totals shortfall(const Totals& expected, const Totals& have) {
  Totals lost;
  for (const CounterField& field : kCounterFields) {
    if (have.*field.total < expected.*field.total)
      lost.*field.total = expected.*field.total - have.*field.total;
  }
  return lost;
}

Totals sum(Totals a, const Totals& b) {
  for (const CounterField& field : kCounterFields) a.*field.total += b.*field.total;
  return a;
}

/// Field by field, the larger of the two.
Totals at_least(Totals totals, const Totals& floor) {
  for (const CounterField& field : kCounterFields)
    totals.*field.total = std::max(totals.*field.total, floor.*field.total);
  return totals;
}

}  // namespace

RedisCounterStore::Known RedisCounterStore::load_cache(const std::filesystem::path& file) {
  std::string content, error;
  if (!storage::read_file(file, &content, &error)) throw_io(error);
  nlohmann::json cache = nlohmann::json::parse(content, nullptr, /*allow_exceptions=*/false);
  if (!cache.is_object()) return {};  // none yet (or torn: Redis refreshes it)
  return {totals_from_json(cache.value("node", nlohmann::json::object())),
          totals_from_json(cache.value("fleet", nlohmann::json::object()))};
}

void RedisCounterStore::save_cache(const std::filesystem::path& file, const Known& known) {
  nlohmann::json cache = {{"node", totals_to_json(known.node)},
                          {"fleet", totals_to_json(known.fleet)}};
  std::string error;
  if (!storage::write_file_atomically(file, cache.dump() + '\n', &error)) throw_io(error);
}

RedisKeys::RedisKeys(const std::string& prefix, const std::string& node_name)
    : node(prefix + ":node:" + node_name),
      fleet(prefix + ":fleet"),
      applied(node + ":applied"),
      applied_seq(node + ":applied_seq") {}

RedisCounterStore::RedisCounterStore(std::filesystem::path state_dir, RedisEndpoint endpoint,
                                     const std::string& key_prefix, const std::string& node_name,
                                     CounterLog log)
    : log_(std::move(log)),
      state_dir_(std::move(state_dir)),
      keys_(key_prefix, node_name),
      journal_(state_files::journal(state_dir_)),
      redis_(std::move(endpoint), kTimeout) {
  std::error_code ec;
  std::filesystem::create_directories(state_dir_, ec);
  if (ec) throw_io("cannot create " + state_dir_.string() + ": " + ec.message());
  totals();  // flushes what an earlier run left in the journal, and sets backend()
}

Totals RedisCounterStore::add(const RunDelta& delta) {
  std::lock_guard guard(mutex_);
  storage::StateLock lock(state_files::lock(state_dir_));
  std::string error;
  if (!journal_.append(delta, &error)) throw_io(error);
  redis_.retry_now();  // every run tries to flush, however long Redis has been away
  return refresh().node;
}

Totals RedisCounterStore::totals() {
  std::lock_guard guard(mutex_);
  storage::StateLock lock(state_files::lock(state_dir_));
  return refresh().node;
}

std::optional<Totals> RedisCounterStore::fleet_totals() {
  std::lock_guard guard(mutex_);
  storage::StateLock lock(state_files::lock(state_dir_));
  return refresh().fleet;
}

std::string RedisCounterStore::backend() const {
  return reachable_ ? "redis" : "journal-only";
}

StoreStatus RedisCounterStore::status() const {
  const std::uint64_t pending = pending_;
  std::string backend = !reachable_ ? "journal-only" : pending > 0 ? "degraded" : "redis";
  return {std::move(backend), pending, last_flush_at_};
}

RedisCounterStore::Known RedisCounterStore::refresh() {
  std::vector<RunDelta> pending;
  std::string error;
  if (!journal_.read_pending(&pending, &error)) throw_io(error);
  const auto cache_file = state_files::redis_cache(state_dir_);
  const Known cached = load_cache(cache_file);
  Known known = cached;

  reachable_ = true;
  const std::size_t journaled = pending.size();
  Totals counted_now;  // what the flushed runs added in Redis (not the replays it knew)
  Totals flushed_now;  // what the flushed runs hold, replays included
  if (!pending.empty()) pending = flush(std::move(pending), &known, &counted_now, &flushed_now);
  const std::size_t flushed = journaled - pending.size();
  if (reachable_ && flushed == 0) {
    auto node = read_hash(keys_.node);
    auto fleet = node ? read_hash(keys_.fleet) : std::nullopt;
    if (node && fleet) known = {*node, *fleet};
  }
  if (reachable_) restore_if_lost(sum(cached.node, counted_now), &known);
  // The fleet's totals served never go down either. After Redis lost its data, each node gives
  // back only its own share, when it next runs; until the others have, Redis's fleet sum is
  // below what was served, so what is served holds at what was served before (the cache plus
  // the runs that were pending then and are flushed now) until Redis's sum passes it.
  known.fleet = at_least(known.fleet, sum(cached.fleet, flushed_now));
  if (known.node != cached.node || known.fleet != cached.fleet) save_cache(cache_file, known);
  if (flushed > 0) last_flush_at_ = unix_seconds_now();
  pending_ = pending.size();
  log_reachability(flushed);
  return {plus(known.node, pending), plus(known.fleet, pending)};
}

void RedisCounterStore::restore_if_lost(const Totals& expected, Known* known) {
  const Totals lost = shortfall(expected, known->node);
  if (lost == Totals{}) return;
  std::vector<std::string> args = {"EVAL", kRestoreScript, "2", keys_.node, keys_.fleet};
  for (const CounterField& field : kCounterFields) {
    if (lost.*field.total == 0) continue;
    args.push_back(field.name);
    args.push_back(std::to_string(lost.*field.total));
  }
  std::string error;
  auto reply = redis_.command(args, &error);
  if (!reply || reply->kind != RedisReply::Kind::integer) {
    reachable_ = false;
    last_error_ = reply ? reply->text : error;
    return;
  }
  if (log_)
    log_("warning", "counters: Redis had lost this node's totals (runs " +
                        std::to_string(known->node.runs) + ", " + std::to_string(expected.runs) +
                        " counted before); restored them from " + state_dir_.string());
  known->node = sum(known->node, lost);
  known->fleet = sum(known->fleet, lost);
}

void RedisCounterStore::log_reachability(std::size_t flushed) {
  if (!log_) return;
  if (!reachable_ && !outage_logged_) {
    log_("warning", "counters: Redis is unreachable (" + last_error_ +
                        "); runs wait in the journal in " + state_dir_.string());
    outage_logged_ = true;
  } else if (reachable_ && outage_logged_) {
    log_("notice", "counters: Redis is reachable again; " + std::to_string(flushed) +
                       " journaled runs flushed");
    outage_logged_ = false;
  }
}

std::vector<RunDelta> RedisCounterStore::flush(std::vector<RunDelta> pending, Known* known,
                                               Totals* counted_now, Totals* flushed_now) {
  std::size_t flushed = 0;
  while (flushed < pending.size() && flushed < kMaxFlushBatch) {
    bool counted = false;
    auto after = flush_one(pending[flushed], &counted);
    if (!after) break;
    *known = *after;
    if (counted) add_delta(*counted_now, pending[flushed]);
    add_delta(*flushed_now, pending[flushed]);
    ++flushed;
  }
  if (flushed == 0) return pending;
  pending.erase(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(flushed));
  // The journal is rewritten before the cache: a crash in between may undercount while Redis
  // stays down (the totals then catch up), but never overcounts, so the counters stay monotonic.
  std::string error;
  if (!journal_.replace(pending, &error)) throw_io(error);
  return pending;
}

std::optional<RedisCounterStore::Known> RedisCounterStore::flush_one(const RunDelta& delta,
                                                                   bool* counted) {
  std::vector<std::string> args = {
      "EVAL",        kApplyRunScript,   "4",
      keys_.applied, keys_.applied_seq, keys_.node,
      keys_.fleet,   delta.run_id,      std::to_string(kRememberedRunIds)};
  for (const CounterField& field : kCounterFields) {
    args.push_back(field.name);
    args.push_back(std::to_string(delta.counts.*field.total));
  }
  std::string error;
  auto reply = redis_.command(args, &error);
  // An error reply (out of memory, a read-only replica, ...) keeps the run in the journal too.
  const std::size_t expected = 1 + 2 * kCounterFields.size();
  if (!reply || reply->kind != RedisReply::Kind::array || reply->elements.size() != expected) {
    reachable_ = false;
    last_error_ = reply ? reply->text : error;
    return std::nullopt;
  }
  *counted = reply->elements[0].kind == RedisReply::Kind::integer && reply->elements[0].integer == 1;
  return Known{totals_from(reply->elements, 1),
               totals_from(reply->elements, 1 + kCounterFields.size())};
}

std::optional<Totals> RedisCounterStore::read_hash(const std::string& key) {
  std::string error;
  std::vector<std::string> args = {"HMGET", key};
  for (const CounterField& field : kCounterFields) args.push_back(field.name);
  auto reply = redis_.command(args, &error);
  if (!reply || reply->kind != RedisReply::Kind::array ||
      reply->elements.size() != kCounterFields.size()) {
    reachable_ = false;
    last_error_ = reply ? reply->text : error;
    return std::nullopt;
  }
  return totals_from(reply->elements, 0);
}

}  // namespace marionette::counters
