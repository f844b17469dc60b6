#include "compiler/compiler.hpp"

#include <charconv>
#include <chrono>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

#include "catalog/catalog_writer.hpp"
#include "compiler/environment.hpp"
#include "compiler/evaluator.hpp"
#include "compiler/jumps.hpp"
#include "compiler/node_variables.hpp"
#include "compiler/value_data.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace ast = lang::ast;

namespace {

std::string random_uuid() {
  std::random_device device;
  std::mt19937_64 generator(device());
  std::uniform_int_distribution<std::uint64_t> distribution;
  std::uint64_t high = distribution(generator), low = distribution(generator);
  high = (high & 0xFFFFFFFFFFFF0FFFULL) | 0x0000000000004000ULL;  // version 4
  low = (low & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;    // variant 1
  char text[37];
  std::snprintf(text, sizeof text, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(high >> 32),
                static_cast<unsigned>((high >> 16) & 0xFFFF), static_cast<unsigned>(high & 0xFFFF),
                static_cast<unsigned>(low >> 48),
                static_cast<unsigned long long>(low & 0xFFFFFFFFFFFFULL));
  return text;
}

}  // namespace

Evaluator::Evaluator(const CompileRequest& request, Environment& environment)
    : request_(request), environment_(environment) {
  resources_.set_data_form(request.compat == PuppetCompat::puppet8 ? DataForm::rich
                           : request.applied_here                  ? DataForm::rich_types_as_strings
                                                                   : DataForm::strings);
}

namespace {

/// A setting's value as Puppet's Scope#transform_setting gives it to the manifests.
Value manifest_value(const ManifestSetting& setting) {
  switch (setting.kind) {
    case ManifestSetting::Kind::boolean:
      return Value(setting.text == "true");
    case ManifestSetting::Kind::number: {
      if (setting.text == "Infinity") return Value(std::numeric_limits<double>::infinity());
      std::int64_t number = 0;
      const char* end = setting.text.data() + setting.text.size();
      auto [rest, error] = std::from_chars(setting.text.data(), end, number);
      if (error == std::errc() && rest == end && !setting.text.empty()) return Value(number);
      break;
    }
    case ManifestSetting::Kind::undef:
      return Value();
    case ManifestSetting::Kind::text:
      break;
  }
  return Value(setting.text);
}

/// The Puppet settings a compile knows, as Puppet's Scope#merge_settings gives them to the
/// manifests: those of the settings table (CompileSettings::manifest_settings), with what this
/// compile itself uses (its environment, manifest, modulepath, strictness...) in their place.
std::vector<std::pair<std::string, Value>> compile_setting_values(const CompileRequest& request) {
  std::vector<std::pair<std::string, Value>> values;
  values.reserve(request.manifest_settings.size() + 8);
  for (const ManifestSetting& setting : request.manifest_settings)
    values.emplace_back(setting.name, manifest_value(setting));
  auto set = [&](std::string_view name, Value value) {
    for (auto& [existing, slot] : values)
      if (existing == name) {
        slot = std::move(value);
        return;
      }
    values.emplace_back(std::string(name), std::move(value));
  };
  const char* strict = request.strictness.strict == Strict::Error     ? "error"
                       : request.strictness.strict == Strict::Warning ? "warning"
                                                                      : "off";
  set("environment", Value(request.environment));
  set("storeconfigs", Value(request.storeconfigs != nullptr));
  set("strict", Value(std::string(strict)));
  set("strict_variables", Value(request.strictness.strict_variables));
  if (request.manifest) set("manifest", Value(request.manifest->string()));
  if (request.modulepath) {
    std::string joined;
    for (const std::filesystem::path& dir : *request.modulepath)
      joined.append(joined.empty() ? "" : ":").append(dir.string());
    set("modulepath", Value(std::move(joined)));
  }
  if (request.hiera_config) set("hiera_config", Value(request.hiera_config->string()));
  return values;
}

}  // namespace

void Evaluator::compile_resources() {
  CompiledResource stage;
  stage.type = "Stage";
  stage.title = "main";
  stage.tags = {"stage"};
  stage.parameters.emplace_back("name", Value("main"));
  stage_main_ = resources_.add(std::move(stage));

  CompiledResource settings;
  settings.type = "Class";
  settings.title = "Settings";
  settings.kind = "unknown";
  settings.tags = {"class", "settings"};
  std::size_t settings_index = resources_.add(std::move(settings));
  resources_.add_edge(stage_main_, settings_index);
  classes_.push_back("settings");

  CompiledResource main_class;
  main_class.type = "Class";
  main_class.title = "main";
  main_class.kind = "unknown";
  main_class.tags = {"class"};
  main_class.parameters.emplace_back("name", Value("main"));
  std::size_t main_index = resources_.add(std::move(main_class));
  resources_.add_edge(stage_main_, main_index);

  top_ = &scopes_.emplace_back(nullptr, "", main_index);
  // The node's parameters (classifier, facts, server facts), then what only the node and the
  // request say, as Puppet's set_node_parameters.
  NodeVariables node = node_variables(request_);
  for (const auto& [name, value] : node.parameters) top_->set(std::string(name), from_data(*value));
  top_->set("environment", Value(request_.environment));
  top_->set("trusted", from_data(node.trusted));
  top_->set("server_facts", from_data(node.server_facts));
  top_->set("facts", from_data(request_.facts));
  if (!top_->find_local("clientcert"))  // facts without it: the node's name
    top_->set("clientcert", node.trusted["certname"].is_string()
                                ? from_data(node.trusted["certname"])
                                : Value(request_.node_name));
  // The main class's own variables, as any class has them.
  top_->set("title", Value("main"));
  top_->set("name", Value("main"));
  top_->set("module_name", Value(""));
  if (request_.lazy_custom_facts) {
    lazy_facts_ = std::make_unique<LazyFacts>(*request_.lazy_custom_facts, request_);
    top_->set_lazy(lazy_facts_.get());
  }
  class_scopes_[""] = top_;
  // Puppet's settings are the variables of the class `settings` ($settings::strict), and
  // $settings::all_local a hash of them all: those this compile is given.
  Scope& settings_scope = scopes_.emplace_back(top_, "settings", settings_index);
  Hash all_local;
  for (auto& [name, value] : compile_setting_values(request_)) {
    all_local.emplace_back(Value(name), value);
    settings_scope.set(std::move(name), std::move(value));
  }
  settings_scope.set("all_local", Value(std::move(all_local)));
  class_scopes_["settings"] = &settings_scope;

  // Puppet instantiates the definitions of a file as it loads it, and resolves their
  // parameters' types then: a type name nothing defines fails the compile even when the class or
  // define is never declared. The main manifest's are checked before it is evaluated, a module
  // file's as the compile loads it (until the compile is over), those the main manifest's types
  // load too.
  environment_.on_file_loaded(
      [this](const lang::Program& program) { check_parameter_types(program.body); });
  struct Unhook {
    Environment& environment;
    ~Unhook() { environment.on_file_loaded(nullptr); }
  } unhook{environment_};
  for (const lang::Program& program : environment_.main_programs())
    check_parameter_types(program.body);

  for (const lang::Program& program : environment_.main_programs()) {
    LiveFrame frame(live_frames_, lang::SourceLocation{program.file.get(), 0, 0, 1});
    evaluate_block(program.body, *top_, true);
  }
  evaluate_node();
  declare_node_classes();
  evaluate_generators();
  apply_pending_overrides();
  check_builtin_attributes();
  fail_on_unresolved_overrides();
  fail_on_unrealized();
  resources_.flatten_reference_arrays();
  finish_relationships();
  check_relationship_targets();
  inherit_metaparameters();
  drop_namevars_equal_to_titles();
  if (request_.storeconfigs) {
    // Puppet saves the compiled catalog, exported resources included, to storeconfigs.
    try {
      request_.storeconfigs->replace(request_.environment, request_.node_name,
                                     exported_resources());
    } catch (const std::exception& e) {
      throw std::runtime_error("Could not store the exported resources of " + request_.node_name +
                               ": " + e.what());
    }
  }
}

void Evaluator::check_parameter_types(const ast::Block* block) {
  // Only the names are checked (an alias is resolved when used, as Puppet's type aliases are).
  std::function<void(const ast::Node*)> check_type_names = [&](const ast::Node* node) {
    if (auto* access = ast::as<ast::Access>(node)) {
      check_type_names(access->target);
      for (const ast::Node* key : access->keys) check_type_names(key);
    } else if (auto* array = ast::as<ast::ArrayLiteral>(node)) {
      for (const ast::Node* element : array->elements) check_type_names(element);
    } else if (auto* hash = ast::as<ast::HashLiteral>(node)) {
      for (const auto& [key, value] : hash->entries) {
        check_type_names(key);
        check_type_names(value);
      }
    } else if (auto* reference = ast::as<ast::TypeReference>(node)) {
      std::string name = lowercase(reference->name);
      if (name.starts_with("::")) name.erase(0, 2);
      if (!environment_.find_type_alias(name)) evaluate(reference, *top_);
    }
  };
  for (const ast::Node* statement : block->statements) {
    const std::vector<ast::Parameter>* parameters = nullptr;
    if (auto* c = ast::as<ast::ClassDefinition>(statement)) {
      parameters = &c->parameters;
      check_parameter_types(c->body);
    } else if (auto* d = ast::as<ast::DefinedTypeDefinition>(statement)) {
      parameters = &d->parameters;
    }
    if (parameters)
      for (const ast::Parameter& parameter : *parameters)
        if (parameter.type) check_type_names(parameter.type);
  }
}

catalog::Catalog Evaluator::run() {
  compile_resources();
  resources_.finish_tags();  // (the JSON writer adds the containers' tags as it writes)
  catalog::Catalog out = resources_.to_catalog();
  describe_catalog(out);
  return out;
}

void Evaluator::describe_catalog(catalog::Catalog& out) const {
  out.name = request_.node_name;
  out.environment = request_.environment;
  out.version = std::chrono::duration_cast<std::chrono::seconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
  out.catalog_uuid = random_uuid();
  out.classes = classes_;
  CompiledResource tags;  // the catalog's tags: every class name and its segments
  for (const std::string& name : classes_) tags.tag(name);
  if (classes_.size() > 1) tags.tag("class");
  out.tags = std::move(tags.tags);
}

/// The classifier's classes, as Puppet's evaluate_node_classes: those with parameters first,
/// resource-like, then the others, include-like.
/// They are declared in the node's scope when a node definition matched (Puppet's
/// `@node_scope || topscope`): they see its variables and take its tags.
void Evaluator::declare_node_classes() {
  const lang::SourceLocation nowhere;
  Scope& scope = node_scope_ ? *node_scope_ : *top_;
  for (const auto& [name, parameters] : request_.node_classes) {
    if (parameters.empty()) continue;
    std::vector<std::pair<std::string, Value>> values;
    for (const auto& [key, value] : parameters.items()) values.emplace_back(key, from_data(value));
    declare_class(name, scope, &values, nowhere);
  }
  for (const auto& [name, parameters] : request_.node_classes)
    if (parameters.empty()) include_class(Value(name), scope, ClassInclusion::Include, nowhere);
}

namespace {

/// Runs a step of the evaluation, turning a `next`, `break` or `return` that no block took into
/// Puppet's error.
template <typename Step>
auto without_stray_jumps(Step step) -> decltype(step()) {
  try {
    return step();
  } catch (const NextJump& jump) {
    throw lang::SourceError("next() from context where this is illegal", jump.where);
  } catch (const BreakJump& jump) {
    throw lang::SourceError("break() from context where this is illegal", jump.where);
  } catch (const ReturnJump& jump) {
    throw lang::SourceError("return() from context where this is illegal", jump.where);
  }
}

/// What locates an environment's code, as the environment cache's key.
std::string environment_cache_key(const CompileRequest& request) {
  std::string key = request.env_dir ? request.env_dir->native() : "";
  key.append(1, '\0').append(request.manifest ? request.manifest->native() : "");
  if (request.modulepath)
    for (const std::filesystem::path& dir : *request.modulepath)
      key.append(1, '\0').append(dir.native());
  return key;
}

}  // namespace

OpenedEnvironment::OpenedEnvironment(
    const std::optional<std::filesystem::path>& env_dir,
    const std::optional<std::filesystem::path>& manifest,
    const std::optional<std::vector<std::filesystem::path>>& modulepath, CompileTimings* timings) {
  double* parse_seconds = timings ? &timings->parse_seconds : nullptr;
  if (parse_seconds) *parse_seconds = 0;
  environment_ = std::make_unique<Environment>(env_dir, manifest, modulepath, parse_seconds);
}

OpenedEnvironment::OpenedEnvironment(OpenedEnvironment&&) noexcept = default;
OpenedEnvironment::~OpenedEnvironment() = default;

catalog::Catalog compile(const CompileRequest& request) {
  double* parse_seconds = request.timings ? &request.timings->parse_seconds : nullptr;
  if (parse_seconds) *parse_seconds = 0;
  std::shared_ptr<CachedCode> cached =
      request.environment_cache ? request.environment_cache->acquire(environment_cache_key(request))
                                : nullptr;
  Environment environment(request.env_dir, request.manifest, request.modulepath, parse_seconds,
                          std::move(cached));
  environment.load_main_manifest(request.strictness.strict);
  Evaluator evaluator(request, environment);
  return without_stray_jumps([&] { return evaluator.run(); });
}

std::string compile_to_json(const CompileRequest& request, Teardown teardown) {
  return compile_to_json(
      request,
      OpenedEnvironment(request.env_dir, request.manifest, request.modulepath, request.timings),
      teardown);
}

std::string compile_to_json(const CompileRequest& request, OpenedEnvironment opened,
                            Teardown teardown) {
  std::unique_ptr<Environment> environment = std::move(opened.environment_);
  environment->load_main_manifest(request.strictness.strict);
  auto evaluator = std::make_unique<Evaluator>(request, *environment);
  without_stray_jumps([&] { evaluator->compile_resources(); });
  // Asked to stop now and joined once the catalog is written: the thread has ended by then, so
  // the join does not sleep (a wake-up across CPUs costs up to milliseconds on a busy VM), and
  // no thread of ours runs while the process exits.
  environment->stop_prefetching_without_waiting();
  catalog::Catalog header;
  evaluator->describe_catalog(header);
  const ResourceTable& resources = evaluator->resources();
  std::string out;
  out.reserve(4096 + 640 * resources.size());
  {
    catalog::JsonWriter json(out);
    catalog::write_catalog(
        json, header, [&](catalog::JsonWriter& json) { resources.write_resources_json(json); },
        [&](catalog::JsonWriter& json) { resources.write_edges_json(json); });
  }
  environment->stop_prefetching();
  if (teardown == Teardown::Keep) {
    // Never destroyed, not even at exit; reachable from a static, so not counted as leaks.
    using Owners = std::vector<std::pair<std::unique_ptr<Evaluator>, std::unique_ptr<Environment>>>;
    static Owners* kept = new Owners;
    kept->emplace_back(std::move(evaluator), std::move(environment));
  }
  return out;
}

}  // namespace marionette::compiler
