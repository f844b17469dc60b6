#include "support/snmp_walk.hpp"

#include <sstream>
#include <thread>

#include "support/command.hpp"

namespace marionette::testing {

std::map<std::string, std::string> snmp_bulkwalk(const std::string& address,
                                                 const std::string& root,
                                                 std::chrono::milliseconds timeout) {
  CommandResult walk = run_command(
      {"snmpbulkwalk", "-v2c", "-c", "public", "-On", "-t", "1", "-r", "1", address, root}, timeout,
      {{"MIBS", ""}});
  std::map<std::string, std::string> values;
  std::istringstream lines(walk.out);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t separator = line.find(" = ");
    if (separator == std::string::npos || !line.starts_with('.')) continue;
    values[line.substr(0, separator)] = line.substr(separator + 3);
  }
  return values;
}

std::map<std::string, std::string> snmp_bulkwalk_until(const std::string& address,
                                                       const std::string& root,
                                                       const std::string& oid,
                                                       std::chrono::milliseconds deadline) {
  const auto until = std::chrono::steady_clock::now() + deadline;
  while (true) {
    std::map<std::string, std::string> values = snmp_bulkwalk(address, root);
    if (values.contains(oid) || std::chrono::steady_clock::now() > until) return values;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace marionette::testing
