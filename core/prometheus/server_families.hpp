#pragma once

#include <cstdint>

#include "metrics/server_figures.hpp"
#include "prometheus/exposition.hpp"

namespace marionette::prometheus {

/// `marionette server`'s own figures, marionette_server_*: requests by status code and by
/// endpoint, 403s of the rules, TLS failures, reports, compiles with the compile-time histogram
/// (seconds), workers, the queue, the CA's certificates by state; counters count since the
/// server started. With marionette_build_info{version} and the start time.
void add_server(Exposition& exposition, const metrics::ServerFigures& figures,
                std::string_view version, std::int64_t started_at);

}  // namespace marionette::prometheus
