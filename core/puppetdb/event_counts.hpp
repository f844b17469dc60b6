#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "puppetdb/query_engine.hpp"

namespace marionette::puppetdb {

/// What /pdb/query/v4/event-counts and aggregate-event-counts are asked, from their URL or
/// body parameters: `summarize_by` (certname, resource, containing_class; aggregate-event-counts
/// takes several, comma-separated), `count_by` (resource or certname), `counts_filter` (a query
/// over successes, failures, noops, skips), the events' `query` and the paging.
struct EventCountsRequest {
  std::string summarize_by;
  std::string count_by = "resource";
  Json counts_filter = nullptr;
  Json query = nullptr;
  Paging paging;
};

/// Reads the request's parameters; throws QueryError (400) with PuppetDB's words.
EventCountsRequest read_event_counts_request(const Json& parameters, bool aggregate);

/// event-counts: the events the query matches, one row per subject (a node, a resource, a
/// containing class) with how many of its resources (or nodes, by count_by) had an event of
/// each status, the rows counts_filter keeps, ordered and paged.
QueryAnswer event_counts(const EventCountsRequest& request, FleetData& fleet);

/// aggregate-event-counts: for each summarize_by, how many subjects had successes, failures,
/// noops, skips, and how many subjects there are.
Json aggregate_event_counts(const EventCountsRequest& request, FleetData& fleet);

}  // namespace marionette::puppetdb
