#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "ca/certificate_authority.hpp"

namespace marionette::server {

/// How many certificates the CA holds, for SNMP: requests waiting, certificates signed and not
/// revoked, serials in the CRL (cleaned certificates included, as the CRL keeps them).
struct CertificateTally {
  std::uint32_t pending = 0, signed_ = 0, revoked = 0;
};

/// Counts the CA's files again only when they changed (the requests and signed dirs' or the
/// CRL's modification time moved; `marionette ca` in another process counts too), at most
/// every 5 s, or when the last count is older than a minute, so that a large CA is not parsed
/// every second.
class CertificateCounter {
 public:
  explicit CertificateCounter(const std::filesystem::path& ssldir);

  CertificateTally count(std::chrono::steady_clock::time_point now);

 private:
  std::string stamp() const;

  ca::CertificateAuthority authority_;
  std::string last_stamp_;
  std::optional<std::chrono::steady_clock::time_point> counted_at_;
  CertificateTally last_;
};

}  // namespace marionette::server
