#pragma once

#include <chrono>
#include <filesystem>
#include <string>

namespace marionette::ca {

/// Puppet's autosign setting: "true" signs every request, "false" none; otherwise a path: an
/// executable is a policy (called with the certname as its argument and the CSR's PEM on its
/// standard input, exit 0 signs), any other file lists certnames and globs (`*.example.com`,
/// `*`; `#` comments), a missing file signs nothing.
class AutosignPolicy {
 public:
  explicit AutosignPolicy(std::string setting,
                          std::chrono::milliseconds policy_timeout = std::chrono::seconds(30))
      : setting_(std::move(setting)), timeout_(policy_timeout) {}

  /// Whether the request of `name` (its PEM) is signed at once. Never throws: a policy that
  /// cannot run, or runs past its timeout (killed), says no.
  bool allows(const std::string& name, const std::string& csr_pem) const;

 private:
  std::string setting_;
  std::chrono::milliseconds timeout_;
};

/// One line of an autosign.conf matching `name`: the name itself, or `*` followed by a suffix
/// the name ends with.
bool autosign_line_matches(const std::string& line, const std::string& name);

}  // namespace marionette::ca
