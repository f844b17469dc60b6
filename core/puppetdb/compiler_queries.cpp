#include "puppetdb/compiler_queries.hpp"

#include "puppetdb/http_api.hpp"
#include "puppetdb/query_error.hpp"

namespace marionette::puppetdb {

catalog::Data CompilerQueries::query(const catalog::Data& query) {
  Json rows;
  try {
    // The store's documents are plain JSON; the compiler's data keeps keys in their order.
    const Json asked = Json::parse(query.dump());
    with_fleet_([&](FleetData& fleet) { rows = answer_root_query(asked, {}, fleet).rows; });
  } catch (const QueryError& refused) {
    throw compiler::PuppetDbQueryError(refused.status, refused.what());
  }
  return catalog::Data::parse(rows.dump());
}

}  // namespace marionette::puppetdb
