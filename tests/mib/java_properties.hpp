#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace marionette::mibtest {

/// Reads a .properties file as java.util.Properties does (continuation lines, '=' or ':'
/// separators, backslash escapes), which is how OpenNMS reads snmp-graph.properties.
std::map<std::string, std::string> read_java_properties(const std::filesystem::path& file);

/// Splits an OpenNMS graph command into arguments: whitespace separates them except inside
/// double quotes, which are removed.
std::vector<std::string> split_command(const std::string& command);

/// "a, b,c" -> {"a", "b", "c"}.
std::vector<std::string> split_list(const std::string& text);

}  // namespace marionette::mibtest
