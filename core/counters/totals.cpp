#include "counters/totals.hpp"

namespace marionette::counters {
namespace {

std::uint64_t field(const nlohmann::json& json, const char* name) {
  if (!json.is_object()) return 0;
  auto it = json.find(name);
  return it != json.end() && it->is_number_unsigned() ? it->get<std::uint64_t>() : 0;
}

}  // namespace

nlohmann::json totals_to_json(const Totals& totals) {
  nlohmann::json json = nlohmann::json::object();
  for (const CounterField& f : kCounterFields) json[f.name] = totals.*f.total;
  return json;
}

Totals totals_from_json(const nlohmann::json& json) {
  Totals totals;
  for (const CounterField& f : kCounterFields) totals.*f.total = field(json, f.name);
  return totals;
}

}  // namespace marionette::counters
