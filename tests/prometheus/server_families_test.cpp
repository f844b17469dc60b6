// The server's own figures in the exposition: counters named *_total, the compile-time
// histogram in seconds with cumulative buckets, the certificates by state.

#include "prometheus/server_families.hpp"

#include <gtest/gtest.h>

namespace marionette::prometheus {
namespace {

TEST(ServerFamilies, RequestsCompilesHistogramAndCertificates) {
  metrics::ServerFigures f;
  f.requests_by_status = {{200, 5}, {403, 2}};
  f.requests_catalog = 3;
  f.compiles = 3;
  f.compile_us = 1'502'000;
  f.compile_buckets.fill(0);
  // One compile of 2 ms, two of 0.75 s: cumulative at each bound.
  for (std::size_t i = 0; i < metrics::kCompileBucketsUs.size(); ++i)
    f.compile_buckets[i] = (metrics::kCompileBucketsUs[i] >= 2'000 ? 1 : 0) +
                           (metrics::kCompileBucketsUs[i] >= 750'000 ? 2 : 0);
  f.workers = 4;
  f.certificates_signed = 7;
  Exposition e;
  add_server(e, f, "1.2.3", 1700000000);
  const std::string text = write(e, Format::text);
  for (const char* line : {
           "marionette_build_info{version=\"1.2.3\"} 1\n",
           "# TYPE marionette_server_http_requests_total counter\n"
           "marionette_server_http_requests_total{code=\"200\"} 5\n"
           "marionette_server_http_requests_total{code=\"403\"} 2\n",
           "marionette_server_endpoint_requests_total{endpoint=\"catalog\"} 3\n",
           "# TYPE marionette_server_compile_duration_seconds histogram\n",
           "marionette_server_compile_duration_seconds_bucket{le=\"0.001\"} 0\n",
           "marionette_server_compile_duration_seconds_bucket{le=\"0.0025\"} 1\n",
           "marionette_server_compile_duration_seconds_bucket{le=\"0.5\"} 1\n",
           "marionette_server_compile_duration_seconds_bucket{le=\"1\"} 3\n",
           "marionette_server_compile_duration_seconds_bucket{le=\"+Inf\"} 3\n",
           "marionette_server_compile_duration_seconds_sum 1.502\n",
           "marionette_server_compile_duration_seconds_count 3\n",
           "marionette_server_workers 4\n",
           "marionette_server_certificates{state=\"signed\"} 7\n",
       })
    EXPECT_NE(text.find(line), std::string::npos) << line << "\nin:\n" << text;
}

}  // namespace
}  // namespace marionette::prometheus
