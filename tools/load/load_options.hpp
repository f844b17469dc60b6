#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace marionette::load {

/// `marionette-load`'s command line (the contract the bench drives).
struct LoadOptions {
  std::string server = "127.0.0.1";
  int port = 8140;
  std::filesystem::path ssldir;
  std::filesystem::path facts_file;
  std::string environment = "production";
  unsigned nodes = 10;
  unsigned concurrency = 2;
  std::optional<std::chrono::seconds> duration;  ///< exactly one of duration and count
  std::optional<unsigned long> count;
  std::string node_prefix = "loadnode";
  std::string domain;          ///< default: the facts' domain, else load.test
  bool pluginsync = false;     ///< file_metadatas for plugins and pluginfacts each run
  bool report = true;          ///< PUT the report each run
  bool json = false;
  bool allow_non_loopback = false;
  int key_bits = 2048;
  std::chrono::seconds timeout{60};  ///< connect and read, per request
  /// A node's runs start this far apart (Puppet's runinterval, compressed); its first run
  /// at a time spread over one interval. Unset: each node runs again as soon as a worker may.
  std::optional<std::chrono::seconds> interval;
  /// Each run appended as one JSON line (time, node, transaction_uuid, whether the catalog and
  /// the report were answered 2xx, the error kind): what a soak compares with what the server
  /// stored.
  std::optional<std::filesystem::path> run_log;
};

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses argv (without the program name). Throws UsageError.
LoadOptions parse_load_options(const std::vector<std::string>& words);

extern const char* const kLoadUsage;

/// Throws UsageError unless every address `host` resolves to is a loopback one (127.0.0.0/8,
/// ::1), or `allowed` says other addresses may be loaded.
void check_loopback(const std::string& host, bool allowed);

}  // namespace marionette::load
