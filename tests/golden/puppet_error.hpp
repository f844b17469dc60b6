#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace marionette::testing {

/// What Puppet's first error says, taken apart: the message and where Puppet placed it.
struct PuppetError {
  std::string message;
  std::optional<std::string> file;  ///< relative to the environment, as puppet-expected wrote it
  std::optional<int> line;
  std::optional<int> column;
};

/// Reads an expected.error as puppet-expected wrote it (Puppet's `Error: …` line and the lines
/// that continue it) into its message and location. Puppet's framing comes off (see
/// puppet_error.cpp for each part and why); the message itself is kept to the character.
PuppetError parse_puppet_error(const std::string& text);

/// What our compile's error says and where it points (the file relative to the case).
struct OurError {
  std::string message;
  std::optional<std::string> file;
  int line = 0;
  int column = 0;
};

/// How our error differs from Puppet's: the message, character for character, and the file,
/// line and column Puppet names (those it names). Empty when they agree.
std::vector<std::string> error_mismatches(const PuppetError& puppet, const OurError& ours);

/// `message` without the ` on node NAME` Puppet ends an error of no place with (both sides of the
/// comparison drop it: the renderer places errors rather than naming the node).
std::string without_node_suffix(std::string message);

/// Our message as the comparison sees it: the case directory's absolute path (where our
/// compile read the case; Puppet's temporary environment is cut by puppet-expected) removed.
std::string without_case_dir(std::string message, const std::filesystem::path& case_dir);

/// The cases whose message is known to differ from Puppet's, each with why: the file
/// tests/golden/known-differences, `CASE: why` a line, '#' starts a comment.
std::map<std::string, std::string> known_differences(const std::filesystem::path& file);

}  // namespace marionette::testing
