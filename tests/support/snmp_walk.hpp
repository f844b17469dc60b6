#pragma once

#include <chrono>
#include <map>
#include <string>

namespace marionette::testing {

/// What `snmpbulkwalk -v2c -c public -On ADDRESS ROOT` printed, one entry per line
/// ".1.3.6...0 = Gauge32: 42" as {".1.3.6...0", "Gauge32: 42"}. Empty when the subtree is
/// empty or snmpd does not answer. No MIB files are loaded, so OIDs and values stay numeric.
std::map<std::string, std::string> snmp_bulkwalk(
    const std::string& address, const std::string& root,
    std::chrono::milliseconds timeout = std::chrono::seconds(10));

/// Walks until `oid` appears (or the deadline passes); returns the last walk.
std::map<std::string, std::string> snmp_bulkwalk_until(const std::string& address,
                                                       const std::string& root,
                                                       const std::string& oid,
                                                       std::chrono::milliseconds deadline);

}  // namespace marionette::testing
