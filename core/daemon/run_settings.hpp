#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/compile_settings.hpp"
#include "compiler/module_path.hpp"
#include "config/agent_config.hpp"
#include "facts/facts.hpp"
#include "indirector/routes.hpp"
#include "indirector/settings.hpp"

namespace marionette::daemon {

/// One run's settings: the settings themselves (config::AgentConfig, whose base is what the
/// compile takes, passed on whole to the termini and the compile), checked and completed by
/// cli::run_settings_from (statedir, hiera_config and graphdir defaulted, the named files found,
/// the environment resolved), and what the command adds for this run. A setting the run reads is
/// read here by its field in AgentConfig; nothing is copied.
struct RunSettings : config::AgentConfig {
  std::vector<std::string> skip_tags;  ///< --skip_tags, lower-case: resources with one are skipped
  /// Puppet's write_catalog_summary: classes.txt and resources.txt in the state dir.
  bool write_catalog_summary = false;
  std::function<bool()> stop_requested;  ///< asked between resources: true skips the rest
  bool evaltrace = false;  ///< Puppet's --evaltrace: an info line before and after each resource
  /// Puppet's --trace: a compile error is followed by its Puppet-language stack (file:line).
  bool trace = false;
  /// Whose routes apply: "agent" (caches catalogs, may apply the cache) or "apply".
  std::string application = "agent";
  /// What the agent of a server pluginsynced (remote/pluginsync.hpp), read for facts as
  /// Puppet's agent reads them: custom facts from $vardir/lib/facter, external facts from
  /// pluginfactdest, both besides the usual ones. Native facts only.
  std::vector<std::filesystem::path> synced_custom_fact_dirs;
  std::vector<std::filesystem::path> synced_external_fact_dirs;
};

/// Fills env_dir, manifest (unless one is given) and modulepath from Puppet's settings
/// (compiler::resolve_environment); `where.environment` is the run's environment. Throws
/// std::runtime_error when a named environment does not exist.
void resolve_environment(RunSettings& settings, compiler::EnvironmentSettings where);

/// The routes of this run: the route file's for the application, else the defaults.
/// Throws indirector::Error (file:line:column + caret) for a bad route file.
indirector::Routes routes_for(const RunSettings& settings);

/// What the termini need from the run settings; warnings go to stderr.
indirector::TerminusSettings terminus_settings_for(const RunSettings& settings);

/// The facts for a run, found through the facts route: by default the YAML file when one is
/// given, else gathered natively with the external facts of facts::default_external_dirs() and
/// external_dir (warnings on stderr). Native facts are written to
/// STATE_DIR/facts_cache.json; when gathering fails, that cache is used.
facts::Facts load_facts(const RunSettings& settings);

/// load_facts() for a run whose facts do not leave the process (`apply` compiling here with
/// native facts, no facts cache terminus, the plain node terminus): the custom facts are not
/// resolved yet; `lazy` receives what resolves them as the compile reads them (none without
/// fact files; see compiler/lazy_facts.hpp). Other runs: load_facts(), `lazy` left empty.
facts::Facts load_facts(const RunSettings& settings, std::shared_ptr<facts::LazyCustomFacts>& lazy);

/// The node's certname: as given, else the facts' fqdn (networking.fqdn, then fqdn), else hostname.
std::string node_name_for(const RunSettings& settings, const facts::Facts& facts);

/// The global hiera.yaml when none is given: /etc/marionette/hiera.yaml if it exists
/// (Puppet's $confdir/hiera.yaml), else none.
std::optional<std::filesystem::path> default_hiera_config();

/// The state dir when none is given: /var/lib/marionette as root, else ~/.local/state/marionette.
std::filesystem::path default_state_dir();

}  // namespace marionette::daemon
