#include <fstream>
#include <sstream>

#include "compiler/environment.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

/// "module/rest" under modules/module/SUBDIR, or an absolute path.
fs::path find_module_file(CallContext& call, const std::string& reference, const char* subdir) {
  if (reference.starts_with("/")) {
    if (fs::is_regular_file(reference)) return reference;
  } else if (auto found = call.host.environment().module_file(reference, subdir)) {
    return *found;
  }
  call.fail("Could not find any files from " + reference);
}

Value epp(CallContext& call) {
  call.expect_arguments(1, 2);
  // As Puppet's epp(): a name that finds no file is tried with `.epp` added (rsyslog's
  // `epp('rsyslog/global_config')`).
  std::string reference = to_string(call.arguments[0]);
  auto found = [&] {
    return reference.starts_with("/")
               ? fs::is_regular_file(reference)
               : call.host.environment().module_file(reference, "templates").has_value();
  };
  if (!found() && !reference.ends_with(".epp")) reference += ".epp";
  if (!found())  // Puppet's words
    throw lang::SourceError("Could not find template '" + reference + "'", call.where);
  fs::path path = find_module_file(call, reference, "templates");
  const lang::EppProgram& program =
      call.host.environment().parse_epp(lang::read_source(fs::absolute(path)));
  return call.host.render_epp(program, call.arguments.size() > 1 ? call.arguments[1] : Value(),
                              call.where);
}

Value inline_epp(CallContext& call) {
  call.expect_arguments(1, 2);
  const lang::EppProgram& program = call.host.environment().parse_epp(lang::make_source(
      call.where.file ? call.where.file->path : "inline_epp", to_string(call.arguments[0])));
  // inline_epp's template sees the caller's variables, as Puppet's closure over the caller's scope.
  return call.host.render_epp(program, call.arguments.size() > 1 ? call.arguments[1] : Value(),
                              call.where, &call.scope);
}

}  // namespace

void register_template_functions(FunctionTable& table) {
  table.emplace_back("epp", epp);
  table.emplace_back("inline_epp", inline_epp);
}

}  // namespace marionette::compiler
