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
  return {{kRunsField, totals.runs},
          {kResourcesChangedField, totals.resources_changed},
          {kFailuresField, totals.failures}};
}

Totals totals_from_json(const nlohmann::json& json) {
  return {field(json, kRunsField), field(json, kResourcesChangedField),
          field(json, kFailuresField)};
}

}  // namespace marionette::counters
