#include "subagent/scalar_handler.hpp"

#include <chrono>
#include <vector>

// clang-format off
#include <net-snmp/net-snmp-config.h>
#include <net-snmp/net-snmp-includes.h>
#include <net-snmp/agent/net-snmp-agent-includes.h>
// clang-format on

namespace marionette::subagent {
namespace {

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};

void set_value(netsnmp_variable_list* variable, const Value& value) {
  std::visit(Overloaded{
                 [&](const Integer32& v) {
                   long number = v.value;
                   snmp_set_var_typed_value(variable, ASN_INTEGER, &number, sizeof number);
                 },
                 [&](const Gauge32& v) {
                   unsigned long number = v.value;
                   snmp_set_var_typed_value(variable, ASN_GAUGE, &number, sizeof number);
                 },
                 [&](const TimeTicks& v) {
                   unsigned long ticks = v.value;
                   snmp_set_var_typed_value(variable, ASN_TIMETICKS, &ticks, sizeof ticks);
                 },
                 [&](const Counter64& v) {
                   counter64 number{};
                   number.high = v.value >> 32;
                   number.low = v.value & 0xffffffffu;
                   snmp_set_var_typed_value(variable, ASN_COUNTER64, &number, sizeof number);
                 },
                 [&](const OctetString& v) {
                   snmp_set_var_typed_value(variable, ASN_OCTET_STR, v.value.data(),
                                            v.value.size());
                 },
             },
             value);
}

Oid oid_of(const netsnmp_variable_list* variable) {
  Oid result;
  for (size_t i = 0; i < variable->name_length; ++i) {
    result.push_back(static_cast<std::uint32_t>(variable->name[i]));
  }
  return result;
}

std::vector<oid> to_netsnmp(const Oid& arcs) {
  return {arcs.begin(), arcs.end()};
}

std::int64_t seconds_of(Instant now) {
  return std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
}

void answer_get(const ScalarIndex& index, const TypeTable& table, const FleetTable& fleet,
                const metrics::FleetSnapshot* rows, const metrics::Snapshot& snapshot, Instant now,
                netsnmp_agent_request_info* info, netsnmp_request_info* request) {
  const Oid requested = oid_of(request->requestvb);
  std::variant<const ScalarIndex::Entry*, Miss> found = Miss::no_such_object;
  if (auto fleet_cell = fleet.find(requested, rows, seconds_of(now))) {
    if (auto* hit = std::get_if<FleetTable::Cell>(&*fleet_cell)) {
      set_value(request->requestvb, hit->value);
      return;
    }
    found = std::get<Miss>(*fleet_cell);
  } else if (auto cell = table.find(requested)) {
    if (auto* hit = std::get_if<const TypeTable::Cell*>(&*cell)) {
      set_value(request->requestvb, (*hit)->value);
      return;
    }
    found = std::get<Miss>(*cell);
  } else {
    found = index.find(requested);
  }
  if (auto* entry = std::get_if<const ScalarIndex::Entry*>(&found)) {
    set_value(request->requestvb, (*entry)->object->get(snapshot, now));
  } else {
    bool instance = std::get<Miss>(found) == Miss::no_such_instance;
    netsnmp_set_request_error(info, request, instance ? SNMP_NOSUCHINSTANCE : SNMP_NOSUCHOBJECT);
  }
}

/// Past the last object the request stays unanswered, so the agent moves on to the next
/// registered subtree (or says endOfMibView).
void answer_get_next(const ScalarIndex& index, const TypeTable& table, const FleetTable& fleet,
                     const metrics::FleetSnapshot* rows, const metrics::Snapshot& snapshot,
                     Instant now, netsnmp_request_info* request) {
  const Oid requested = oid_of(request->requestvb);
  const ScalarIndex::Entry* entry = index.find_next(requested);
  const TypeTable::Cell* cell = table.find_next(requested);
  std::optional<FleetTable::Cell> fleet_cell = fleet.find_next(requested, rows, seconds_of(now));
  if (fleet_cell && (!entry || fleet_cell->instance < entry->instance) &&
      (!cell || fleet_cell->instance < cell->instance)) {
    std::vector<oid> name = to_netsnmp(fleet_cell->instance);
    snmp_set_var_objid(request->requestvb, name.data(), name.size());
    set_value(request->requestvb, fleet_cell->value);
    return;
  }
  if (cell && (!entry || cell->instance < entry->instance)) {
    std::vector<oid> name = to_netsnmp(cell->instance);
    snmp_set_var_objid(request->requestvb, name.data(), name.size());
    set_value(request->requestvb, cell->value);
    return;
  }
  if (!entry) return;
  std::vector<oid> name = to_netsnmp(entry->instance);
  snmp_set_var_objid(request->requestvb, name.data(), name.size());
  set_value(request->requestvb, entry->object->get(snapshot, now));
}

int handle_requests(netsnmp_mib_handler* handler, netsnmp_handler_registration*,
                    netsnmp_agent_request_info* info, netsnmp_request_info* requests) {
  auto& self = *static_cast<ScalarHandler*>(handler->myvoid);
  const std::shared_ptr<const metrics::Snapshot> snapshot = self.registry().latest();
  const TypeTable& table = self.table_for(snapshot);
  const Instant now = std::chrono::system_clock::now();
  // An agent's registration (the whole root) never serves the server's fleet table.
  const metrics::FleetSnapshot* rows = self.serves_fleet() ? snapshot->fleet_nodes.get() : nullptr;
  for (netsnmp_request_info* request = requests; request; request = request->next) {
    if (request->processed) continue;
    switch (info->mode) {
      case MODE_GET:
        answer_get(self.index(), table, self.fleet_table(), rows, *snapshot, now, info, request);
        break;
      case MODE_GETNEXT:
        answer_get_next(self.index(), table, self.fleet_table(), rows, *snapshot, now, request);
        break;
      default:
        netsnmp_set_request_error(info, request, SNMP_ERR_NOTWRITABLE);
        break;
    }
  }
  return SNMP_ERR_NOERROR;
}

}  // namespace

ScalarHandler::ScalarHandler(ScalarIndex index, Oid subtree, const metrics::Registry& registry,
                             std::string name)
    : index_(std::move(index)),
      subtree_(std::move(subtree)),
      registry_(registry),
      name_(std::move(name)),
      fleet_table_(index_.root()),
      serves_fleet_(starts_with(subtree_, join(index_.root(), kServerSuffix))) {}

const TypeTable& ScalarHandler::table_for(
    const std::shared_ptr<const metrics::Snapshot>& snapshot) {
  if (!table_ || table_snapshot_ != snapshot) {
    table_ = std::make_unique<TypeTable>(index_.root(), *snapshot);
    table_snapshot_ = snapshot;
  }
  return *table_;
}

ScalarHandler::~ScalarHandler() {
  unregister_subtree();
}

bool ScalarHandler::register_subtree() {
  std::vector<oid> root = to_netsnmp(subtree_);
  registration_ = netsnmp_create_handler_registration(name_.c_str(), handle_requests, root.data(),
                                                      root.size(), HANDLER_CAN_RONLY);
  if (!registration_) return false;
  registration_->handler->myvoid = this;
  if (netsnmp_register_handler(registration_) != MIB_REGISTERED_OK) {
    registration_ = nullptr;  // Net-SNMP freed it
    return false;
  }
  return true;
}

void ScalarHandler::unregister_subtree() {
  if (!registration_) return;
  netsnmp_unregister_handler(registration_);
  registration_ = nullptr;
}

}  // namespace marionette::subagent
