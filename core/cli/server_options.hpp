#pragma once

#include <set>
#include <string>
#include <vector>

#include "server/server_options.hpp"

namespace marionette::cli {

class Arguments;

/// One option of `marionette server`, as --help lists it. The one table of them: the option
/// parser, the reading of the values and --help all read it. A new option of the server's own
/// is a row here and a field in server::ServerOptions; a setting is a row of
/// config/settings_table.cpp, and a row here (kind setting) to show it in --help.
struct ServerOption {
  enum class Kind {
    setting,  ///< read by the settings table (config_from); listed here for --help
    flag,     ///< --NAME alone
    number,   ///< --NAME N, a whole number from low to high
  };
  const char* spec;  ///< as --help shows it: "--workers N", "-v, --verbose"
  Kind kind;
  long low;
  long high;
  /// Stores a number's value, or 1 for a flag that was given. nullptr: the command reads it
  /// itself (--verbose), or the settings table does.
  void (*set)(server::ServerOptions&, long);
  /// Its help, lines separated by \n (each indented under the first); nullptr: not listed.
  const char* help;
};

/// Every option of `marionette server`, in the order --help lists them.
const std::vector<ServerOption>& server_options();

/// The option's name on the command line: "workers" for "--workers N".
std::string server_option_name(const ServerOption& option);

/// The options as `marionette server --help` lists them.
std::string server_options_help();

/// `head` followed by server_options_help(), kept for the process: the command table's usage
/// (the first call's head is the one kept).
const char* server_usage(const char* head);

/// The server's own options that take a value, and its own flags (beside the settings').
std::set<std::string> server_valued_options();
std::set<std::string> server_flags();

/// Reads the numbers and flags given, in the table's order, into `options`; UsageError for a
/// number out of its bounds.
void read_server_options(const Arguments& args, server::ServerOptions& options);

}  // namespace marionette::cli
