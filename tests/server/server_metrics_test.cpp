// The server's metrics: what the workers count, and the last minute the publisher keeps.
#include "server/server_metrics.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "server/metrics_publisher.hpp"

namespace marionette::server {
namespace {

using std::chrono::microseconds;

TEST(ServerMetrics, PathsFallIntoTheirEndpointClass) {
  EXPECT_EQ(endpoint_class_of("/puppet-ca/v1/certificate/ca"), EndpointClass::ca);
  EXPECT_EQ(endpoint_class_of("/puppet/v3/catalog/node1"), EndpointClass::catalog);
  EXPECT_EQ(endpoint_class_of("/puppet/v3/node/node1"), EndpointClass::node);
  EXPECT_EQ(endpoint_class_of("/puppet/v3/file_metadatas/plugins"), EndpointClass::file);
  EXPECT_EQ(endpoint_class_of("/puppet/v3/file_content/modules/a/b"), EndpointClass::file);
  EXPECT_EQ(endpoint_class_of("/puppet/v3/report/node1"), EndpointClass::report);
  EXPECT_EQ(endpoint_class_of("/status/v1/simple"), EndpointClass::other);
  EXPECT_EQ(endpoint_class_of("/puppet/v3/catalogue"), EndpointClass::other);
}

TEST(ServerMetrics, RequestsAreCountedByStatusAndByEndpoint) {
  ServerMetrics metrics;
  metrics.request_answered("/puppet/v3/catalog/a", 200, false);
  metrics.request_answered("/puppet/v3/catalog/b", 403, true);
  metrics.request_answered("/puppet/v3/catalog/a", 500, false);
  metrics.request_answered("/puppet-ca/v1/certificate/a", 404, false);
  metrics.request_answered("/status/v1/simple", 200, false);
  metrics::ServerFigures figures = metrics.read();
  EXPECT_EQ(figures.requests, 5u);
  EXPECT_EQ(figures.requests_ok, 2u);
  EXPECT_EQ(figures.requests_client_error, 2u);
  EXPECT_EQ(figures.requests_server_error, 1u);
  EXPECT_EQ(figures.requests_refused, 1u);
  EXPECT_EQ(figures.requests_catalog, 3u);
  EXPECT_EQ(figures.requests_ca, 1u);
  EXPECT_EQ(figures.requests_other, 1u);
  EXPECT_EQ(figures.requests_node + figures.requests_file + figures.requests_report, 0u);
  EXPECT_EQ(figures.queue_drops, 0u);
  metrics.queue_full();
  EXPECT_EQ(metrics.read().queue_drops, 1u);
}

TEST(ServerMetrics, CompileTimesSinceStartAndPerInterval) {
  ServerMetrics metrics;
  EXPECT_EQ(metrics.read().min_us, 0u) << "no compile yet reads as 0, not UINT32_MAX";
  metrics.compile_finished(microseconds(300), true);
  metrics.compile_finished(microseconds(100), false);
  metrics.compile_finished(microseconds(500), true);
  metrics::ServerFigures figures = metrics.read();
  EXPECT_EQ(figures.compiles, 3u);
  EXPECT_EQ(figures.compile_failures, 1u);
  EXPECT_EQ(figures.compile_us, 900u);
  EXPECT_EQ(figures.min_us, 100u);
  EXPECT_EQ(figures.avg_us, 300u);
  EXPECT_EQ(figures.max_us, 500u);
  CompileExtremes first = metrics.take_compile_extremes();
  EXPECT_EQ(first.min_us, 100u);
  EXPECT_EQ(first.max_us, 500u);
  CompileExtremes none = metrics.take_compile_extremes();
  EXPECT_EQ(none.min_us, UINT32_MAX);
  EXPECT_EQ(none.max_us, 0u);
  metrics.compile_finished(microseconds(200), true);
  EXPECT_EQ(metrics.take_compile_extremes().max_us, 200u);
  EXPECT_EQ(metrics.read().max_us, 500u) << "since start keeps the longest";
}

TEST(ServerMetrics, WorkersAtOnceLoseNoCount) {
  ServerMetrics metrics;
  std::vector<std::thread> workers;
  for (int w = 0; w < 4; ++w)
    workers.emplace_back([&metrics, w] {
      for (int i = 0; i < 10'000; ++i) {
        metrics.worker_busy();
        metrics.request_answered("/puppet/v3/catalog/n", 200, false);
        metrics.compile_finished(microseconds(w * 10'000 + i + 1), true);
        metrics.worker_idle();
      }
    });
  for (std::thread& worker : workers) worker.join();
  metrics::ServerFigures figures = metrics.read();
  EXPECT_EQ(figures.requests, 40'000u);
  EXPECT_EQ(figures.compiles, 40'000u);
  EXPECT_EQ(figures.workers_busy, 0u);
  EXPECT_EQ(figures.min_us, 1u);
  EXPECT_EQ(figures.max_us, 40'000u);
}

TEST(MetricsWindow, CountsTheLastMinuteOnly) {
  MetricsWindow window;
  metrics::ServerFigures figures;
  window.add({0, 0, 0, {}});
  window.fill(figures);
  EXPECT_EQ(figures.requests_last_minute, 0u);
  // One second with two compiles of 100 and 300 us, and ten requests.
  window.add({10, 2, 400, {100, 300}});
  window.fill(figures);
  EXPECT_EQ(figures.requests_last_minute, 10u);
  EXPECT_EQ(figures.compiles_last_minute, 2u);
  EXPECT_EQ(figures.window_min_us, 100u);
  EXPECT_EQ(figures.window_avg_us, 200u);
  EXPECT_EQ(figures.window_max_us, 300u);
  // 59 quiet seconds keep it in the window; the 60th pushes it out.
  for (int second = 0; second < 59; ++second) window.add({10, 2, 400, {}});
  window.fill(figures);
  EXPECT_EQ(figures.compiles_last_minute, 2u);
  EXPECT_EQ(figures.window_max_us, 300u);
  window.add({10, 2, 400, {}});
  window.fill(figures);
  EXPECT_EQ(figures.requests_last_minute, 0u);
  EXPECT_EQ(figures.compiles_last_minute, 0u);
  EXPECT_EQ(figures.window_min_us, 0u);
  EXPECT_EQ(figures.window_avg_us, 0u);
  EXPECT_EQ(figures.window_max_us, 0u);
}

}  // namespace
}  // namespace marionette::server
