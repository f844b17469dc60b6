#include "counters/counter_store.hpp"

#include <stdexcept>

#include "counters/file_counter_store.hpp"
#include "counters/holding_counter_store.hpp"
#include "counters/redis_counter_store.hpp"
#include "counters/redis_url.hpp"

namespace marionette::counters {

std::unique_ptr<CounterStore> make_counter_store(const StoreOptions& options) {
  if (!options.redis_url)
    return std::make_unique<HoldingCounterStore>(
        std::make_unique<FileCounterStore>(options.state_dir), options.log);
  std::string error;
  auto endpoint = parse_redis_url(*options.redis_url, &error);
  if (!endpoint) throw std::invalid_argument(error);
  if (options.node_name.empty()) throw std::invalid_argument("counters: a node name is needed");
  return std::make_unique<HoldingCounterStore>(
      std::make_unique<RedisCounterStore>(options.state_dir, std::move(*endpoint),
                                          options.key_prefix, options.node_name, options.log),
      options.log);
}

}  // namespace marionette::counters
