#include "cli/run_flags.hpp"

#include "config/settings_table.hpp"

namespace marionette::cli {

void apply_run_flags(const Arguments& args, daemon::RunSettings& settings,
                     bool summary_by_default) {
  // strict, strict_variables and show_diff are settings (config::AgentConfig): they reach the
  // run settings with puppet.conf's and marionette.yaml's values (run_settings_from).
  if (auto tags = args.value("skip-tags")) settings.skip_tags = config::split_tags(*tags);
  settings.write_catalog_summary =
      args.switch_state("write-catalog-summary").value_or(summary_by_default);
}

}  // namespace marionette::cli
