#pragma once

#include <filesystem>
#include <string>

namespace marionette::cli {

/// Manifest code given on the command line (`apply -e CODE`) or on standard input, kept in a
/// private temporary file for as long as the run needs it: the compiler reads manifests from
/// files. Errors in it name that file (Puppet names none for such code).
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

  static constexpr std::size_t kMaxBytes = 64 * 1024 * 1024;

 private:
  explicit ManifestText(const std::string& code);
  std::filesystem::path dir_, path_;
};

}  // namespace marionette::cli
