#include <yaml-cpp/yaml.h>

#include "compiler/compile_log.hpp"
#include "compiler/ruby_module.hpp"
#include "compiler/ruby_workers.hpp"
#include "facts/custom_facts.hpp"
#include "indirector/document_terminus.hpp"
#include "indirector/termini.hpp"
#include "indirector/yaml_data.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::indirector {

namespace {

/// facts/native: gathered on this machine, with the external facts of facts.d and the custom
/// facts of the modulepath's lib/facter and $FACTERLIB (as Puppet's facter terminus has Facter
/// load them); Facter's errors go to the run's log as Puppet's "Error: Facter: ..." lines.
std::vector<std::filesystem::path> external_dirs_of(const TerminusSettings& settings) {
  if (!settings.external_dirs.empty()) return settings.external_dirs;
  std::vector<std::filesystem::path> dirs = facts::default_external_dirs();
  if (settings.external_dir) dirs.push_back(*settings.external_dir);
  return dirs;
}

class NativeFacts : public Terminus<facts::Facts> {
 public:
  explicit NativeFacts(const TerminusSettings& settings)
      : Terminus("facts", "native"),
        dirs_(external_dirs_of(settings)),
        warn_(settings.warn),
        defer_(settings.defer_custom_facts) {
    custom_.modulepath = settings.modulepath.value_or(std::vector<std::filesystem::path>{});
    custom_.custom_dirs = settings.custom_dirs;
    for (auto& dir : facts::facterlib_dirs()) custom_.custom_dirs.push_back(std::move(dir));
    compiler::allow_ruby_workers(custom_.concurrency);  // started only when facts need them
  }

  std::optional<facts::Facts> find(const Request& request) override {
    try {
      if (defer_)
        return facts::gather_deferring_custom_facts(
            dirs_, warn_ ? warn_ : [](const std::string&) {}, custom_, compiler::ruby_module,
            compiler::compile_log, *defer_);
      return facts::gather_with_custom_facts(
          dirs_, warn_ ? warn_ : [](const std::string&) {}, {}, custom_, compiler::ruby_module,
          compiler::compile_log);
    } catch (const std::exception& e) {
      throw error(request.key, "cannot gather facts for", e.what());
    }
  }

 private:
  std::vector<std::filesystem::path> dirs_;
  facts::Warn warn_;
  facts::CustomFactSources custom_;
  std::shared_ptr<facts::LazyCustomFacts>* defer_;
};

/// facts/yaml: the facts file when one is given, else STATE_DIR/client_yaml/facts/KEY.yaml
/// (where save writes).
class YamlFacts : public Terminus<facts::Facts> {
 public:
  explicit YamlFacts(const TerminusSettings& settings)
      : Terminus("facts", "yaml"),
        file_(settings.facts),
        store_(settings.statedir / "client_yaml" / "facts", "yaml") {}

  std::optional<facts::Facts> find(const Request& request) override {
    try {
      std::filesystem::path path = file_ ? *file_ : store_.path_of(request.key);
      std::error_code missing;
      if (!file_ && !std::filesystem::exists(path, missing)) return std::nullopt;
      return facts::load_yaml_file(path);
    } catch (const lang::SourceError& e) {  // the file's line and a caret
      throw error(request.key, "cannot read", lang::render(e)).mark_rendered();
    } catch (const std::exception& e) {
      throw error(request.key, "cannot read", e.what());
    }
  }

  void save(const Request& request, const facts::Facts& facts) override {
    try {
      YAML::Emitter out;
      emit_data(out, facts);
      store_.put(request.key, std::string(out.c_str()) + "\n");
    } catch (const std::exception& e) {
      throw error(request.key, "cannot save", e.what());
    }
  }

  void destroy(const Request& request) override {
    try {
      store_.remove(request.key);
    } catch (const std::exception& e) {
      throw error(request.key, "cannot destroy", e.what());
    }
  }

 private:
  std::optional<std::filesystem::path> file_;
  FileDocumentStore store_;
};

Codec<facts::Facts> facts_json(int indent) {
  return {[indent](const facts::Facts& facts) { return facts.dump(indent) + "\n"; },
          [](const std::string& text) {
            facts::Facts facts = facts::Facts::parse(text);
            if (!facts.is_object()) throw std::runtime_error("the facts are not a JSON object");
            return facts;
          }};
}

}  // namespace

void add_facts_termini(Registry<facts::Facts>& registry) {
  registry.add("native", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<NativeFacts>(settings);
  });
  registry.add("yaml", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<YamlFacts>(settings);
  });
  registry.add("json", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<DocumentTerminus<facts::Facts>>(
        "facts", "json",
        std::make_unique<FileDocumentStore>(settings.statedir / "client_data" / "facts", "json"),
        facts_json(2));
  });
  registry.add("redis", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<DocumentTerminus<facts::Facts>>(
        "facts", "redis", std::make_unique<RedisDocumentStore>(settings, "facts"), facts_json(-1));
  });
}

}  // namespace marionette::indirector
