#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "compiler/compile_settings.hpp"
#include "facts/facts.hpp"

namespace marionette::facts {
class LazyCustomFacts;
}

namespace marionette::compiler {

class EnvironmentCache;
class PuppetDbQueries;

/// Where a compile's time went, filled in when CompileRequest::timings is set.
struct CompileTimings {
  double parse_seconds = 0;  ///< lexing and parsing manifests and templates
};

/// What to compile: an environment directory (site.pp or manifests/, modules/) or one manifest.
class ExportedResourceStore;

/// The settings (compile_settings.hpp) and what this compile adds: the node, its facts and
/// what its classifier said.
struct CompileRequest : CompileSettings {
  std::string node_name;
  facts::Facts facts = facts::Facts::object();
  CompileTimings* timings = nullptr;  ///< optional: where the time went
  /// From the node classifier (ENC), as Puppet's node: classes declared after the node block, at
  /// top scope, `include`-like without parameters and `class { 'x': … }`-like with them (an
  /// object of parameter names to values); parameters become top-scope variables, set before
  /// the facts' so that they win.
  std::vector<std::pair<std::string, facts::Facts>> node_classes;
  facts::Facts node_parameters = facts::Facts::object();
  /// $trusted's `authenticated` and `extensions`: "local" and none for a local compile (puppet
  /// apply); a server compiling for a client certificate gives "remote" and its extensions.
  std::string trusted_authenticated = "local";
  facts::Facts trusted_extensions = facts::Facts::object();
  /// A server's compile: the client certificate's name, which $trusted['certname'] and
  /// $clientcert hold whatever the facts say. Unset (a local compile): $trusted['certname'] is
  /// the clientcert fact, as Puppet's, else node_name.
  std::optional<std::string> trusted_certname;
  /// A server's compile: its own facts (serverversion, servername, serverip, serverip6), which
  /// become $server_facts (with the environment) and top-scope variables as Puppet's catalog
  /// compiler adds them. Unset: $server_facts holds the environment alone, as `puppet apply`'s.
  std::optional<facts::Facts> server_facts;
  /// Puppet's storeconfigs: with a store, `Type <<| query |>>` collects this compile's own
  /// exported resources and the matching ones other nodes exported, and the node's exported
  /// resources replace what it had in the store once the compile succeeds. Without one (Puppet's
  /// storeconfigs = false) exported collectors collect nothing.
  ExportedResourceStore* storeconfigs = nullptr;
  /// PuppetDB for puppetdb_query() (compiler/puppetdb_queries.hpp). Without one the function is
  /// unknown, as on a Puppet without puppet-terminus-puppetdb.
  PuppetDbQueries* puppetdb = nullptr;
  /// `marionette apply`'s custom facts, resolved as the compile reads them (lazy_facts.hpp):
  /// `facts` holds the others. None: `facts` is every fact.
  std::shared_ptr<facts::LazyCustomFacts> lazy_custom_facts;
};

/// Compiles a catalog as Puppet 7 would. Throws lang::SourceError for errors in manifests
/// (syntax or evaluation) and std::runtime_error for everything else (missing files, ...).
catalog::Catalog compile(const CompileRequest& request);

class Environment;
class ExportedResourceStore;
enum class Teardown;

/// An environment opened ahead of its compile: from here on its module files are listed and
/// parsed on a second thread, so that loading the facts meanwhile overlaps with that work.
class OpenedEnvironment {
 public:
  /// Opens what a request's env_dir, manifest and modulepath name; `timings`, when set, gets
  /// the parse time.
  OpenedEnvironment(
      const std::optional<std::filesystem::path>& env_dir,
      const std::optional<std::filesystem::path>& manifest,
      const std::optional<std::vector<std::filesystem::path>>& modulepath = std::nullopt,
      CompileTimings* timings = nullptr);
  OpenedEnvironment(OpenedEnvironment&&) noexcept;
  ~OpenedEnvironment();

 private:
  friend std::string compile_to_json(const CompileRequest&, OpenedEnvironment, Teardown);
  std::unique_ptr<Environment> environment_;
};

/// What becomes of a compilation's memory once its catalog is written.
enum class Teardown {
  Free,
  Keep,  ///< kept until the process exits: for a process that exits right after (the CLI)
};

/// compile() then catalog::to_json(), the same bytes, written straight from the compiled
/// resources without building the catalog first.
std::string compile_to_json(const CompileRequest& request, Teardown teardown = Teardown::Free);

/// The same, with the request's environment opened beforehand.
std::string compile_to_json(const CompileRequest& request, OpenedEnvironment opened,
                            Teardown teardown = Teardown::Free);

}  // namespace marionette::compiler
