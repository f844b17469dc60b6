#include "subagent/module_abi.hpp"

extern "C" __attribute__((visibility("default"))) void marionette_subagent_run_v1(
    const marionette::subagent::Options& options, const marionette::metrics::Registry& registry,
    const std::atomic<bool>& stop) {
  marionette::subagent::run(options, registry, stop);
}
