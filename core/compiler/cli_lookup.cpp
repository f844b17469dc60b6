#include "compiler/cli_lookup.hpp"

#include <stdexcept>

#include "compiler/environment.hpp"
#include "compiler/evaluator.hpp"
#include "compiler/types.hpp"
#include "lang/parser.hpp"

namespace marionette::compiler {

namespace {

/// The --type text evaluated as a Puppet expression in `scope` (so aliases resolve).
TypeValue parse_type(Evaluator& evaluator, Scope& scope, const std::string& text) {
  lang::ast::Arena arena;
  lang::Program program = lang::parse(lang::make_source("--type", text), arena);
  Value type = evaluator.evaluate(program.body, scope);
  if (!type.is_type()) throw std::runtime_error("--type '" + text + "' is not a data type");
  return type.type();
}

}  // namespace

std::optional<Value> lookup_in_compile(const CompileRequest& request, const CliLookup& query) {
  Environment environment(request.env_dir, request.manifest, request.modulepath);
  if (query.compile) environment.load_main_manifest();
  Evaluator evaluator(request, environment);
  evaluator.compile_resources();
  environment.stop_prefetching();
  Scope& top = evaluator.top_scope();
  std::optional<TypeValue> type;
  if (query.type) type = parse_type(evaluator, top, *query.type);

  std::optional<Value> found = evaluator.hiera().lookup(query.key, query.merge);
  const bool defaulted = !found && query.default_value;
  if (defaulted) found = Value(*query.default_value);
  if (found && type && !matches(*found, *type))
    throw std::runtime_error(std::string(defaulted ? "Default" : "Found") +
                             " value has wrong type, " + describe_mismatch(*type, *found));
  return found;
}

}  // namespace marionette::compiler
