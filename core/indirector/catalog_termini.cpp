#include "compiler/compiler.hpp"
#include "indirector/document_terminus.hpp"
#include "indirector/exported_resource_store.hpp"
#include "indirector/termini.hpp"
#include "lang/diagnostic.hpp"
#include "lang/puppet_stack.hpp"

namespace marionette::indirector {

namespace {

/// catalog/compiler: compiles the environment with the request's facts and node. A manifest
/// error's why() is the rendered diagnostic (file:line:column, the line and a caret).
class CompilerCatalog : public Terminus<catalog::Catalog> {
 public:
  explicit CompilerCatalog(const TerminusSettings& settings)
      : Terminus("catalog", "compiler"), settings_(settings) {}

  std::optional<catalog::Catalog> find(const Request& request) override {
    if (!request.facts) throw error(request.key, "cannot compile", "no facts were given");
    compiler::CompileRequest compile;
    static_cast<compiler::CompileSettings&>(compile) = settings_;
    compile.node_name = request.key;
    compile.facts = *request.facts;
    compile.timings = request.timings;
    compile.puppetdb = request.puppetdb;
    compile.lazy_custom_facts = request.lazy_custom_facts;
    if (request.node) {
      if (request.node->environment) compile.environment = *request.node->environment;
      compile.node_classes = request.node->classes;
      compile.node_parameters = request.node->parameters;
      compile.trusted_authenticated = request.node->trusted_authenticated;
      compile.trusted_extensions = request.node->trusted_extensions;
      compile.trusted_certname = request.node->trusted_certname;
      compile.server_facts = request.node->server_facts;
    }
    std::unique_ptr<DocumentExportedResourceStore> exports;
    if (settings_.storeconfigs) {
      exports = std::make_unique<DocumentExportedResourceStore>(settings_, request.puppetdb);
      compile.storeconfigs = exports.get();
    }
    try {
      return compiler::compile(compile);
    } catch (const lang::SourceError& e) {
      throw error(request.key, "cannot compile", lang::render(e))
          .mark_rendered()
          .with_trace(lang::render_stack(e));
    } catch (const std::exception& e) {
      throw error(request.key, "cannot compile", e.what());
    }
  }

 private:
  TerminusSettings settings_;
};

Codec<catalog::Catalog> catalog_json() {
  return {[](const catalog::Catalog& catalog) { return catalog::to_json(catalog); },
          [](const std::string& text) { return catalog::from_json(text); }};
}

}  // namespace

void add_catalog_termini(Registry<catalog::Catalog>& registry) {
  registry.add("compiler", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<CompilerCatalog>(settings);
  });
  registry.add("json", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<DocumentTerminus<catalog::Catalog>>(
        "catalog", "json",
        std::make_unique<FileDocumentStore>(settings.statedir / "client_data" / "catalog", "json"),
        catalog_json());
  });
  registry.add("redis", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<DocumentTerminus<catalog::Catalog>>(
        "catalog", "redis", std::make_unique<RedisDocumentStore>(settings, "catalog"),
        catalog_json());
  });
}

}  // namespace marionette::indirector
