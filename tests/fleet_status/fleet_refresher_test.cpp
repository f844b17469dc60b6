#include "fleet_status/fleet_refresher.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "fake_fleet_store.hpp"
#include "report_text.hpp"

namespace marionette::fleet_status {
namespace {

TEST(FleetRefresher, PublishesEachRefreshForReadersThatNeverWait) {
  FakeFleetData data;
  metrics::FleetRegistry registry;
  EXPECT_EQ(registry.latest()->refreshed_at, 0);
  FakeFleetStore writer(data);
  std::string error;
  ASSERT_TRUE(record_report(writer, "n.example", report_text("changed", 1), &error)) << error;
  EXPECT_FALSE(record_report(writer, "n.example", "[]", &error));
  EXPECT_EQ(data.reports, 1u);

  FleetRefresher refresher(std::make_unique<FakeFleetStore>(data), nullptr, {}, registry);
  const std::int64_t now = unix_now_ms();
  refresher.refresh(now);
  std::shared_ptr<const metrics::FleetSnapshot> first = registry.latest();
  EXPECT_EQ(first->refreshed_at, now / 1000);
  ASSERT_EQ(first->nodes.size(), 1u);
  EXPECT_EQ(first->nodes[0].status, metrics::RunStatus::changed);
  // A reader's snapshot stays as it was while newer ones are published.
  ASSERT_TRUE(record_report(writer, "m.example", report_text("failed"), &error));
  refresher.refresh(now + 1000);
  EXPECT_EQ(first->nodes.size(), 1u);
  EXPECT_EQ(registry.latest()->nodes.size(), 2u);
}

TEST(FleetRefresher, TheThreadRefreshesAtOnceAndStops) {
  FakeFleetData data;
  FakeFleetStore writer(data);
  std::string error;
  ASSERT_TRUE(record_report(writer, "n.example", report_text("unchanged"), &error));
  metrics::FleetRegistry registry;
  FleetRefresherSettings settings;
  settings.interval = std::chrono::hours(1);
  FleetRefresher refresher(std::make_unique<FakeFleetStore>(data), nullptr, settings, registry);
  refresher.start();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (registry.latest()->nodes.empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(registry.latest()->nodes.size(), 1u);
  const auto stopping = std::chrono::steady_clock::now();
  refresher.stop();  // does not wait for the hour
  EXPECT_LT(std::chrono::steady_clock::now() - stopping, std::chrono::seconds(5));
}

TEST(SignedCertificates, ListsTheSignedDirectoryAndSeesACleanedCertificate) {
  namespace fs = std::filesystem;
  const fs::path ssldir = fs::temp_directory_path() / ("fleet-ssl-" + std::to_string(getpid()));
  fs::create_directories(ssldir / "ca" / "signed");
  std::ofstream(ssldir / "ca" / "signed" / "a.example.pem") << "x";
  std::ofstream(ssldir / "ca" / "signed" / "b.example.pem") << "x";
  SignedCertificates certificates(ssldir);
  SignedCertnames names = certificates.current();
  ASSERT_TRUE(names);
  EXPECT_EQ(*names, (std::unordered_set<std::string>{"a.example", "b.example"}));
  fs::remove(ssldir / "ca" / "signed" / "b.example.pem");
  // The directory's mtime has a coarse clock on some file systems: set it apart.
  fs::last_write_time(ssldir / "ca" / "signed",
                      fs::last_write_time(ssldir / "ca" / "signed") + std::chrono::seconds(2));
  names = certificates.current();
  ASSERT_TRUE(names);
  EXPECT_EQ(*names, (std::unordered_set<std::string>{"a.example"}));
  EXPECT_FALSE(SignedCertificates(ssldir / "nowhere").current());
  fs::remove_all(ssldir);
}

}  // namespace
}  // namespace marionette::fleet_status
