#pragma once

#include <filesystem>
#include <string>

#include "daemon/run_once.hpp"

namespace marionette::cli {

/// Manifest code given on the command line (`apply -e CODE`) or on standard input, kept in a
/// private temporary file for as long as the run needs it: the compiler reads manifests from
/// files. The run's messages are said without that file's name (naming_no_file), as Puppet
/// names no file for such code: `1:1: error: …`, `(line: 1, column: 8)`.
class ManifestText {
 public:
  static ManifestText from_code(const std::string& code);
  /// Reads standard input to its end; UsageError past kMaxBytes.
  static ManifestText from_stdin();

  ManifestText(ManifestText&& other) noexcept;
  ManifestText& operator=(ManifestText&&) = delete;
  ManifestText(const ManifestText&) = delete;
  ~ManifestText();

  const std::filesystem::path& path() const { return path_; }

  /// `log`, with the temporary file's name taken out of every message: `PATH:1:1: error: x`
  /// becomes `1:1: error: x`, `(file: PATH, line: 1, column: 8)` becomes `(line: 1, column: 8)`.
  /// The name is a fresh mkdtemp directory's, so nothing else can contain it.
  daemon::RunLog naming_no_file(daemon::RunLog log) const;

  static constexpr std::size_t kMaxBytes = 64 * 1024 * 1024;

 private:
  explicit ManifestText(const std::string& code);
  std::filesystem::path dir_, path_;
};

}  // namespace marionette::cli
