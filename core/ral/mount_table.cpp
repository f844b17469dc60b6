#include "ral/mount_table.hpp"

#include "ral/command_path.hpp"

namespace marionette::ral {

namespace {

/// Ruby's String#split("\n"): trailing empty lines dropped.
std::vector<std::string> output_lines(const std::string& output) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < output.size()) {
    std::size_t end = output.find('\n', start);
    if (end == std::string::npos) end = output.size();
    lines.push_back(output.substr(start, end - start));
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

bool only_rule(const std::string& line) {
  return line.find_first_not_of("- \t") == std::string::npos;
}

}  // namespace

bool parse_mount_listing(const std::string& output, std::vector<std::string>& names,
                         std::string& error) {
  std::vector<std::string> lines = output_lines(output);
  // A listing that starts with a header and a rule of dashes (AIX) loses both.
  std::size_t first = lines.size() >= 2 && only_rule(lines[1]) ? 2 : 0;
  for (std::size_t i = first; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    // Linux's / on (.*) type /: the first " on ", the last " type " after it.
    std::size_t on = line.find(" on ");
    std::size_t type = line.rfind(" type ");
    if (on == std::string::npos || type == std::string::npos || type < on + 4) {
      error = "Could not understand line " + line + " from mount output";
      return false;
    }
    names.push_back(line.substr(on + 4, type - on - 4));
  }
  return true;
}

bool MountTable::load(std::string& error) {
  if (loaded_) return true;
  CommandRequest request;
  request.argv = {command_path(host_, "mount")};
  CommandResult result = host_.commands->run(request);
  if (!result.error.empty()) {
    error = "Could not run '" + request.argv[0] + "': " + result.error;
    return false;
  }
  if (result.exit_code != 0) {
    error = "Execution of '" + request.argv[0] + "' returned " +
            std::to_string(result.exit_code) + ": " + result.output;
    while (!error.empty() && error.back() == '\n') error.pop_back();
    return false;
  }
  std::vector<std::string> names;
  if (!parse_mount_listing(result.output, names, error)) return false;
  mounted_ = {names.begin(), names.end()};
  loaded_ = true;
  return true;
}

void MountTable::set_mounted(const std::string& name, bool mounted) {
  if (mounted) {
    mounted_.insert(name);
  } else {
    mounted_.erase(name);
  }
}

std::shared_ptr<MountTable> MountTable::shared(Host host) {
  static std::weak_ptr<MountTable> current;
  static CommandRunner* owner = nullptr;
  auto table = current.lock();
  if (!table || owner != host.commands) {
    table = std::make_shared<MountTable>(host);
    current = table;
    owner = host.commands;
  }
  return table;
}

}  // namespace marionette::ral
