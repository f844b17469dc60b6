#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ca/certificate_authority.hpp"
#include "cli/option_table.hpp"

namespace marionette::cli {

/// What `marionette ca`'s own options set (cli/ca_options.cpp, a row each), beside the settings
/// (--certname, --ssldir, --config, ...) that config_from reads. A plain header: the CA's
/// signing policy is a plain struct too.
struct CaCommandOptions {
  /// The signing policy: an operator's explicit signing takes alt names, as puppetserver ca
  /// does; authorization extensions only when asked for (as the server's, and ca.conf's).
  ca::CaOptions ca{.allow_subject_alt_names = true};
  bool all = false;        ///< list: the signed and revoked too; sign: every waiting request
  bool ca_client = false;  ///< generate: pp_cli_auth "true" (certificate_status may be used)
  std::optional<std::string> subject_alt_names;  ///< generate: the certificate's other names
};

/// One option of `marionette ca` (cli/option_table.hpp). The one table of them: the option
/// parser and the reading of the values take them from it. A new option is a row here and a
/// field in CaCommandOptions; `marionette ca --help` (cli/commands.cpp) names each in its usage
/// lines, so the rows are not listed again (no help text).
using CaOption = OptionRow<CaCommandOptions>;

/// Every option of `marionette ca` of its own.
const std::vector<CaOption>& ca_options();

/// The ca's own options that take a value, and its own flags (beside the settings').
std::set<std::string> ca_valued_options();
std::set<std::string> ca_flags();

/// The options given, read through their rows into a CaCommandOptions.
CaCommandOptions read_ca_options(const Arguments& args);

}  // namespace marionette::cli
