#include "puppet_error.hpp"

#include <fstream>
#include <regex>
#include <sstream>

namespace marionette::testing {

namespace {

bool strip_prefix(std::string& text, const std::regex& prefix) {
  std::smatch found;
  if (!std::regex_search(text, found, prefix, std::regex_constants::match_continuous)) return false;
  text.erase(0, static_cast<std::size_t>(found.length(0)));
  return true;
}

bool strip_suffix(std::string& text, const std::regex& suffix, std::smatch& found) {
  if (!std::regex_search(text, found, suffix)) return false;
  text.erase(static_cast<std::size_t>(found.position(0)));
  return true;
}

}  // namespace

std::string without_node_suffix(std::string message) {
  static const std::regex on_node(" on node [^ \n]+$");
  std::smatch found;
  strip_suffix(message, on_node, found);
  return message;
}

// Puppet's framing, which marionette's one renderer replaces by design (docs/puppet-differences.md:
// `file:line:column: error: message`, the source line and a caret) and which the test therefore
// takes off before comparing; nothing else is normalised here:
// - `Error: ` (the log level) and ` on node NAME` (the node compiled: the renderer does not say
//   it);
// - the location Puppet appends last, `(file: F, line: L, column: C)`, compared apart with our
//   error's location;
// - the stage prefixes Puppet's compiler wraps around a message: `Evaluation Error: `,
//   `Could not parse for environment ENV: `, and the evaluator's `Error while evaluating a
//   LABEL, ` or `Error while evaluating a '=' expression, ` (the caret shows the expression).
// - a resource's error says its place twice, `MESSAGE (file: F, line: L) on REF (file: F, line:
//   L)`: the inner place, when it is the outer one, comes off with it (`MESSAGE on REF`);
// - ` by #<Puppet::Resource::Type:0x…>`: Ruby's inspect of an internal object, whose address
//   changes from run to run (the override errors); marionette does not print it.
// Temporary files' names (Ruby's Tempfile's, random) are compared without their random part
// (error_mismatches).
// Locations inside the message (`already declared at (file: site.pp, line: 2)`) stay, with the
// case's path made relative by puppet-expected (Puppet's) and without_case_dir (ours).
PuppetError parse_puppet_error(const std::string& text) {
  PuppetError error;
  std::string message = text;
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  strip_prefix(message, std::regex("Error: "));
  message = without_node_suffix(std::move(message));
  std::smatch found;
  if (strip_suffix(message,
                   std::regex(R"( ?\(file: ([^,)]+)(, line: (\d+))?(, column: (\d+))?\)$)"),
                   found)) {
    error.file = found[1].str();
    if (found[3].matched) error.line = std::stoi(found[3].str());
    if (found[5].matched) error.column = std::stoi(found[5].str());
  }
  if (error.file && error.line) {
    std::string inner =
        " (file: " + *error.file + ", line: " + std::to_string(*error.line) + ") on ";
    std::size_t at = message.rfind(inner);
    if (at != std::string::npos &&
        std::regex_match(message.substr(at + inner.size()), std::regex(R"([A-Z][\w:]*\[.*\])")))
      message.erase(at, inner.size() - 4);
  }
  static const std::regex stage(
      "Evaluation Error: |Could not parse for environment [^:]+: |"
      "Error while evaluating an? (?:[A-Za-z -]+|'[^']+' expression), ");
  while (strip_prefix(message, stage)) {
  }
  message =
      std::regex_replace(message, std::regex(R"( by #<Puppet::Resource::Type:0x[0-9a-f]+>)"), "");
  error.message = message;
  return error;
}

namespace {

// A temporary file's name, made of the date, the process and random letters as Ruby's Tempfile
// makes it (validate_cmd's `/tmp/validate_cmd20261129-3921-4200up`): another in every run, on
// both sides.
std::string without_temporary_names(const std::string& message) {
  static const std::regex temporary(R"((/tmp/[A-Za-z_]+)\d{8}-\d+-[0-9A-Za-z]+)");
  return std::regex_replace(message, temporary, "$1…");
}

}  // namespace

std::vector<std::string> error_mismatches(const PuppetError& puppet, const OurError& ours) {
  std::vector<std::string> mismatches;
  if (without_temporary_names(ours.message) != without_temporary_names(puppet.message))
    mismatches.push_back("the message differs from Puppet's:\n  Puppet: " + puppet.message +
                         "\n  ours:   " + ours.message);
  auto place = [](const std::optional<std::string>& file, std::optional<int> line,
                  std::optional<int> column) {
    std::string text = file.value_or("(no file)");
    if (line) text += ":" + std::to_string(*line);
    if (column) text += ":" + std::to_string(*column);
    return text;
  };
  if (puppet.file) {
    bool same = ours.file == puppet.file && (!puppet.line || *puppet.line == ours.line) &&
                (!puppet.column || *puppet.column == ours.column);
    if (!same)
      mismatches.push_back("Puppet places the error at " +
                           place(puppet.file, puppet.line, puppet.column) + ", ours at " +
                           (ours.file ? place(ours.file, ours.line, ours.column) : "no place"));
  }
  return mismatches;
}

std::string without_case_dir(std::string message, const std::filesystem::path& case_dir) {
  const std::string prefix = case_dir.string() + "/";
  for (std::size_t at; (at = message.find(prefix)) != std::string::npos;)
    message.erase(at, prefix.size());
  return message;
}

std::map<std::string, std::string> known_differences(const std::filesystem::path& file) {
  std::map<std::string, std::string> known;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string why = line.substr(colon + 1);
    why.erase(0, why.find_first_not_of(' '));
    known[line.substr(0, colon)] = why;
  }
  return known;
}

}  // namespace marionette::testing
