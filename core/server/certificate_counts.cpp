#include "server/certificate_counts.hpp"

namespace marionette::server {

namespace {

/// Counting parses every request and certificate: at most this often while certificates keep
/// changing (a fleet registering), and once a minute when nothing seems to change.
constexpr auto kRecountAtMostEvery = std::chrono::seconds(5);
constexpr auto kRecountAfter = std::chrono::minutes(1);

std::string modification_time(const std::filesystem::path& path) {
  std::error_code error;
  auto when = std::filesystem::last_write_time(path, error);
  return error ? "-" : std::to_string(when.time_since_epoch().count());
}

std::uint32_t saturated_count(std::size_t value) {
  return value > UINT32_MAX ? UINT32_MAX : static_cast<std::uint32_t>(value);
}

}  // namespace

CertificateCounter::CertificateCounter(const std::filesystem::path& ssldir) : authority_(ssldir) {}

std::string CertificateCounter::stamp() const {
  const ca::CaLayout& layout = authority_.layout();
  return modification_time(layout.requests_dir()) + " " + modification_time(layout.signed_dir()) +
         " " + modification_time(layout.crl());
}

CertificateTally CertificateCounter::count(std::chrono::steady_clock::time_point now) {
  if (counted_at_ && now - *counted_at_ < kRecountAtMostEvery) return last_;
  std::string stamp_now = stamp();
  if (counted_at_ && stamp_now == last_stamp_ && now - *counted_at_ < kRecountAfter) return last_;
  CertificateTally tally;
  try {
    for (const ca::CertificateEntry& entry : authority_.list()) {
      if (entry.state == ca::CertificateEntry::State::requested)
        ++tally.pending;
      else if (entry.state == ca::CertificateEntry::State::signed_)
        ++tally.signed_;
    }
    tally.revoked = saturated_count(authority_.revoked_serials().size());
  } catch (const std::exception&) {
    return last_;  // a CA being changed by another process: the next second counts again
  }
  last_stamp_ = std::move(stamp_now);
  counted_at_ = now;
  last_ = tally;
  return tally;
}

}  // namespace marionette::server
