#pragma once

#include <set>
#include <string>
#include <vector>

#include "cli/option_table.hpp"
#include "server/server_options.hpp"

namespace marionette::cli {

/// One option of `marionette server`, as --help lists it (cli/option_table.hpp). The one table
/// of them: the option parser, the reading of the values and --help all read it. A new option of
/// the server's own is a row here and a field in server::ServerOptions; a setting is a row of
/// config/settings_table.cpp, and a row here (kind setting) to show it in --help.
using ServerOption = OptionRow<server::ServerOptions>;

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
