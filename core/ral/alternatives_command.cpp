#include "ral/alternatives_command.hpp"

#include <sstream>

#include "ral/command_path.hpp"
#include "ral/ruby_lines.hpp"

namespace marionette::ral::alternatives {

namespace {

constexpr const char* kTool = "update-alternatives";

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

}  // namespace

Outcome run(Host host, const std::vector<std::string>& args) {
  CommandRequest request;
  request.argv = {command_path(host, kTool)};
  request.argv.insert(request.argv.end(), args.begin(), args.end());
  CommandResult result = host.commands->run(request);
  Outcome outcome{result.output, std::nullopt};
  std::string command;
  for (const auto& word : request.argv) command += (command.empty() ? "" : " ") + word;
  if (!result.error.empty()) {
    outcome.failure = result.error;
  } else if (result.timed_out || result.exit_code != 0) {
    outcome.failure = "Execution of '" + command + "' returned " +
                      std::to_string(result.exit_code) + ": " + stripped(result.output);
  }
  return outcome;
}

std::optional<std::map<std::string, Selection>> selections(Host host, std::string& error) {
  Outcome outcome = run(host, {"--get-selections"});
  if (outcome.failure) {
    error = *outcome.failure;
    return std::nullopt;
  }
  std::map<std::string, Selection> found;
  std::istringstream lines(outcome.output);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> fields = words(line);
    if (fields.empty()) continue;
    fields.resize(3);
    found[fields[0]] = {fields[1], fields[2]};
  }
  return found;
}

std::vector<Entry> query(Host host, const std::string& altname, std::string& error) {
  Outcome outcome = run(host, {"--query", altname});
  std::vector<Entry> entries;
  if (outcome.failure) {
    error = *outcome.failure;
    return entries;
  }
  std::string link;
  std::istringstream lines(outcome.output);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("Link: ")) link = line.substr(6);
    if (line.starts_with("Alternative: ")) entries.push_back({line.substr(13), altname, "", ""});
    if (line.starts_with("Priority: ") && !entries.empty()) entries.back().priority = line.substr(10);
  }
  for (auto& entry : entries) entry.altlink = link;
  return entries;
}

}  // namespace marionette::ral::alternatives
