#pragma once

#include <functional>

#include "compiler/puppetdb_queries.hpp"
#include "puppetdb/fleet_data.hpp"

namespace marionette::puppetdb {

/// The compiler's puppetdb_query() answered from the fleet's data, as POST /pdb/query/v4 answers
/// it: the seam by which a compile (a lower stage) asks the store without knowing it.
class CompilerQueries : public compiler::PuppetDbQueries {
 public:
  /// Runs its argument with the fleet's data (marionette server: its store, a connection per
  /// call).
  using WithFleet = std::function<void(const std::function<void(FleetData&)>&)>;
  explicit CompilerQueries(WithFleet with_fleet) : with_fleet_(std::move(with_fleet)) {}

  /// QueryError becomes compiler::PuppetDbQueryError (status, body); StoreError stays a
  /// std::runtime_error.
  catalog::Data query(const catalog::Data& query) override;

 private:
  WithFleet with_fleet_;
};

}  // namespace marionette::puppetdb
