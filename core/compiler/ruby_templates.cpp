#include "compiler/ruby_templates.hpp"

#include <unordered_map>

#include "compiler/function_host.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/ruby_host.hpp"
#include "compiler/ruby_module.hpp"
#include "compiler/ruby_wire.hpp"
#include "compiler/scope.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

Hash visible_variables(const Scope& scope) {
  std::vector<const Scope*> chain;
  for (const Scope* s = &scope; s; s = s->parent()) chain.push_back(s);
  Hash all;
  std::unordered_map<std::string, std::size_t> position;
  for (auto s = chain.rbegin(); s != chain.rend(); ++s)
    (*s)->for_each_local([&](const std::string& name, const Value& value) {
      if (value.is_undef()) return;
      auto [at, added] = position.try_emplace(name, all.size());
      if (added)
        all.emplace_back(Value(name), value);
      else
        all[at->second].second = value;
    });
  return all;
}

std::string scope_name(FunctionHost& compilation, const Scope& scope) {
  std::size_t resource = scope.resource();
  ResourceTable& resources = compilation.resources();
  return "Scope(" + (resource < resources.size() ? resources[resource].ref() : "Class[main]") + ")";
}

namespace {}  // namespace

std::string render_in_ruby(const RubyTemplate& request, FunctionHost& compilation, Scope& scope,
                           const lang::SourceLocation& where) {
  trace_ruby_use((request.path.empty() ? std::string("an inline template")
                                       : "template '" + request.reference + "'") +
                 ": " + request.unsupported);
  std::string why_not;
  const marionette_ruby_module* module = ruby_module(why_not);
  if (module && !module->render_template) {
    module = nullptr;
    why_not = "the installed module renders no templates";
  }
  if (!module) {
    std::string name =
        request.path.empty() ? "An inline template" : "The template '" + request.reference + "'";
    throw lang::SourceError(name + " uses Ruby beyond marionette's ERB engine (" +
                                request.unsupported +
                                "), which needs marionette's embedded Ruby: install the package " +
                                kRubyModulePackage + " (" + why_not + ")",
                            where);
  }
  std::string variables = to_ruby_wire(Value(visible_variables(scope)));
  std::string name = scope_name(compilation, scope);
  std::string load_path = module_lib_directories(compilation.environment(), true);
  marionette_ruby_template call{
      request.reference.c_str(), request.path.c_str(), request.text.data(), request.text.size(),
      variables.data(),          variables.size(),     name.c_str(),        load_path.data(),
      load_path.size()};
  std::string reply;
  std::exception_ptr failure;
  int status = run_with_ruby_host(
      compilation.ruby_functions(), compilation, scope, where,
      [&](const marionette_ruby_host& host) {
        return module->render_template(&call, &host, keep_reply, &reply);
      },
      failure);
  if (status == MARIONETTE_RUBY_OK) return reply;
  // A call back that failed otherwise than with Puppet's error (a limit, an internal failure)
  // is marionette's to report as it is; Puppet's errors the template wraps in its own.
  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const lang::SourceError&) {
    }
  }
  throw lang::SourceError(reply, where);
}

}  // namespace marionette::compiler
