// The CA's counts for SNMP: pending, signed and not revoked, in the CRL; re-read when the CA's
// files change, at most every 5 s.
#include "server/certificate_counts.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace marionette::server {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using std::chrono::seconds;

TEST(CertificateCounter, CountsWhatTheCaHoldsAsItChanges) {
  const fs::path ssldir =
      fs::temp_directory_path() / ("marionette-cert-counts-" + std::to_string(getpid()));
  fs::remove_all(ssldir);
  ca::CaOptions options;
  options.key_bits = 2048;
  ca::CertificateAuthority authority(ssldir, options);
  authority.create_if_missing("counts.test");
  authority.generate("a.test", {});

  CertificateCounter counter(ssldir);
  const Clock::time_point start = Clock::now();
  CertificateTally first = counter.count(start);
  EXPECT_EQ(first.pending, 0u);
  EXPECT_EQ(first.signed_, 1u);
  EXPECT_EQ(first.revoked, 0u);

  authority.generate("b.test", {});
  EXPECT_EQ(counter.count(start + seconds(1)).signed_, 1u) << "not re-read within 5 s";
  EXPECT_EQ(counter.count(start + seconds(6)).signed_, 2u) << "re-read once the files changed";

  ASSERT_TRUE(authority.revoke("a.test"));
  CertificateTally revoked = counter.count(start + seconds(12));
  EXPECT_EQ(revoked.signed_, 1u);
  EXPECT_EQ(revoked.revoked, 1u);

  ASSERT_TRUE(authority.clean("a.test"));
  CertificateTally cleaned = counter.count(start + seconds(18));
  EXPECT_EQ(cleaned.signed_, 1u);
  EXPECT_EQ(cleaned.revoked, 1u) << "the CRL keeps a cleaned certificate's serial";
  fs::remove_all(ssldir);
}

TEST(CertificateCounter, AMissingCaCountsNothing) {
  CertificateCounter counter("/nonexistent/marionette-ssl");
  CertificateTally tally = counter.count(Clock::now());
  EXPECT_EQ(tally.pending + tally.signed_ + tally.revoked, 0u);
}

}  // namespace
}  // namespace marionette::server
