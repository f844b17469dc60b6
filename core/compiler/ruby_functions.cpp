#include "compiler/ruby_functions.hpp"

#include <cstdlib>
#include <exception>
#include <filesystem>

#include "compiler/compile_log.hpp"
#include "compiler/environment.hpp"
#include "compiler/function_host.hpp"
#include "compiler/module_listing.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/ruby_changed_variables.hpp"
#include "compiler/ruby_host.hpp"
#include "compiler/ruby_module.hpp"
#include "compiler/ruby_wire.hpp"
#include "compiler/scope.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;
using lang::SourceError;

namespace {

/// What the module's calls back into marionette run with (marionette_ruby_host's context).
struct HostContext {
  RubyFunctions& functions;
  FunctionHost& compilation;
  Scope& scope;
  const lang::ast::Lambda* lambda;
  const lang::SourceLocation& where;
  std::exception_ptr failure;  ///< the last error a call back threw
};

void reply(marionette_ruby_sink sink, void* sink_context, const std::string& bytes) {
  sink(sink_context, bytes.data(), bytes.size());
}

/// Runs one call back; an exception becomes HOST_ERROR with its text, kept to be rethrown.
template <typename Body>
int guarded(void* context, marionette_ruby_sink sink, void* sink_context, Body body) {
  auto* call = static_cast<HostContext*>(context);
  try {
    return body(*call);
  } catch (const SourceError& e) {
    call->failure = std::current_exception();
    reply(sink, sink_context, e.message());
  } catch (const std::exception& e) {
    call->failure = std::current_exception();
    reply(sink, sink_context, e.what());
  }
  return MARIONETTE_RUBY_HOST_ERROR;
}

int host_call_function(void* context, const char* name, std::size_t name_size,
                       const char* arguments, std::size_t arguments_size, marionette_ruby_sink sink,
                       void* sink_context) {
  return guarded(context, sink, sink_context, [&](HostContext& call) {
    std::string function(name, name_size);
    Value values = from_ruby_wire({arguments, arguments_size});
    std::optional<Value> result = call.compilation.call_function_by_name(
        function, values.is_array() ? values.array() : Array{}, call.scope, call.where);
    if (!result) throw SourceError("Unknown function: '" + function + "'.", call.where);
    reply(sink, sink_context, to_ruby_wire(*result));
    return MARIONETTE_RUBY_OK;
  });
}

int host_call_block(void* context, const char* arguments, std::size_t arguments_size,
                    marionette_ruby_sink sink, void* sink_context) {
  return guarded(context, sink, sink_context, [&](HostContext& call) {
    if (!call.lambda) throw SourceError("no block was given", call.where);
    Value values = from_ruby_wire({arguments, arguments_size});
    Value result = call.compilation.call_lambda(*call.lambda, values.array(), call.scope);
    reply(sink, sink_context, to_ruby_wire(result));
    return MARIONETTE_RUBY_OK;
  });
}

/// A name no Puppet variable has, which the embedded Ruby looks up for Puppet.version: the
/// version of the Puppet whose behaviour the compile follows (puppet_compat).
constexpr std::string_view kPuppetVersionVariable = "*puppet_version";

int host_lookup_variable(void* context, const char* name, std::size_t name_size,
                         marionette_ruby_sink sink, void* sink_context) {
  return guarded(context, sink, sink_context, [&](HostContext& call) {
    const std::string variable(name, name_size);
    if (variable == kPuppetVersionVariable) {  // what the embedded Ruby's Puppet.version says
      reply(sink, sink_context, to_ruby_wire(Value(puppet_version_of(call.compilation.compat()))));
      return static_cast<int>(MARIONETTE_RUBY_OK);
    }
    const Value* value = call.compilation.lookup_variable(variable, call.scope);
    // Puppet's Scope#variable_not_found for Ruby's lookups: strict=error raises (a template's
    // has_variable? rescues it); module_name, caller_module_name and $0..$9 always exist.
    if (!value && call.compilation.strictness().strict == Strict::Error &&
        variable != "module_name" && variable != "caller_module_name" &&
        !text::all_digits(variable))
      throw SourceError("Undefined variable '" + variable + "'; ", call.where);
    if (!value) return static_cast<int>(MARIONETTE_RUBY_NOT_FOUND);
    reply(sink, sink_context, to_ruby_wire(*value));
    return static_cast<int>(MARIONETTE_RUBY_OK);
  });
}

int host_check_type(void* context, const char* type, std::size_t type_size, const char* value,
                    std::size_t value_size, marionette_ruby_sink sink, void* sink_context) {
  return guarded(context, sink, sink_context, [&](HostContext& call) {
    const Value& expected =
        call.functions.type_from_text(std::string(type, type_size), call.compilation, call.scope);
    Value actual = from_ruby_wire({value, value_size});
    if (matches(actual, expected.type())) {
      reply(sink, sink_context, "");
      return MARIONETTE_RUBY_OK;
    }
    reply(sink, sink_context, describe_mismatch(expected.type(), actual));
    return MARIONETTE_RUBY_ERROR;
  });
}

int host_call_function_with_block(void* context, const char* name, std::size_t name_size,
                                  const char* arguments, std::size_t arguments_size, int block_id,
                                  int block_parameters, marionette_ruby_sink sink,
                                  void* sink_context) {
  return guarded(context, sink, sink_context, [&](HostContext& call) {
    std::string function(name, name_size);
    Value values = from_ruby_wire({arguments, arguments_size});
    const lang::ast::Lambda& lambda = call.functions.ruby_block_lambda(block_id, block_parameters);
    auto& calls = call.functions.block_calls;
    calls.resize(static_cast<std::size_t>(block_id) + 1, call.where);
    calls[static_cast<std::size_t>(block_id)] = call.where;
    std::optional<Value> result = call.compilation.call_function_by_name(
        function, values.is_array() ? values.array() : Array{}, call.scope, call.where, &lambda);
    if (!result) throw SourceError("Unknown function: '" + function + "'.", call.where);
    reply(sink, sink_context, to_ruby_wire(*result));
    return MARIONETTE_RUBY_OK;
  });
}

int host_set_variable(void* context, const char* name, std::size_t name_size, const char* value,
                      std::size_t value_size, marionette_ruby_sink sink, void* sink_context) {
  return guarded(context, sink, sink_context, [&](HostContext& call) {
    std::string variable(name, name_size);
    if (!call.scope.set(variable, from_ruby_wire({value, value_size}))) {
      reply(sink, sink_context, "Cannot reassign variable '$" + variable + "'");
      return MARIONETTE_RUBY_ERROR;
    }
    reply(sink, sink_context, to_ruby_wire(Value()));
    return MARIONETTE_RUBY_OK;
  });
}

int host_replace_variable(void* context, const char* name, std::size_t name_size, const char* value,
                          std::size_t value_size, marionette_ruby_sink sink, void* sink_context) {
  return guarded(context, sink, sink_context, [&](HostContext& call) {
    replace_changed_variable(call.compilation.resources(), call.scope, std::string(name, name_size),
                             from_ruby_wire({value, value_size}));
    reply(sink, sink_context, to_ruby_wire(Value()));
    return MARIONETTE_RUBY_OK;
  });
}

/// Puppet.warning and its kin, as Puppet logs them: the message alone, no scope.
void host_log(void*, const char* level, const char* message, std::size_t message_size) {
  compile_log(level, std::string(message, message_size));
}

/// The calls back into marionette that Ruby code may make while `call` runs.
marionette_ruby_host host_for(HostContext& call) {
  return marionette_ruby_host{&call,
                              host_call_function,
                              host_call_block,
                              host_lookup_variable,
                              host_check_type,
                              host_call_function_with_block,
                              host_set_variable,
                              host_replace_variable,
                              host_log};
}

/// MARIONETTE_RUBY_FUNCTIONS=ruby runs every module function in Ruby, even those the native
/// subset takes (to compare the two, as MARIONETTE_ERB=ruby does for templates).
bool native_enabled() {
  static const bool enabled = [] {
    const char* engine = std::getenv("MARIONETTE_RUBY_FUNCTIONS");
    return !(engine && std::string_view(engine) == "ruby");
  }();
  return enabled;
}

}  // namespace

const RubyFunctions::Found* RubyFunctions::find(const std::string& name) {
  auto [entry, inserted] = found_.try_emplace(name);
  if (!inserted) return entry->second ? &*entry->second : nullptr;
  // A server's cached environment: looked for once for all its compiles.
  CachedCode* shared = environment_.cached_code();
  if (shared) {
    if (auto known = shared->ruby_function(name)) {
      if (*known) entry->second = Found{(*known)->api, (*known)->file};
      return entry->second ? &*entry->second : nullptr;
    }
  }
  std::string path;  // a::b::c -> a/b/c (built afresh: GCC 12 warns falsely on replace())
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name.compare(i, 2, "::") == 0) {
      path += '/';
      ++i;
    } else {
      path += name[i];
    }
  }
  auto in_dir = [&](const fs::path& dir, const std::string& relative) -> bool {
    fs::path file = dir / relative;
    std::error_code error;
    if (!fs::is_regular_file(file, error)) return false;
    entry->second = Found{relative.starts_with("lib/puppet/functions/") ? 4 : 3, file.string()};
    return true;
  };
  if (std::size_t colons = name.find("::"); colons != std::string::npos) {
    if (const fs::path* dir = environment_.module_dir(name.substr(0, colons)))
      in_dir(*dir, "lib/puppet/functions/" + path + ".rb");
  } else {
    // A name without a namespace: any module's, the modulepath's first module first.
    std::vector<ModuleOnPath> modules = modules_on_path(environment_.modulepath());
    for (const char* relative : {"lib/puppet/functions/", "lib/puppet/parser/functions/"}) {
      bool found = false;
      for (const ModuleOnPath& module : modules)
        if ((found = in_dir(module.dir, relative + name + ".rb"))) break;
      if (found) break;
    }
  }
  if (shared)
    shared->remember_ruby_function(
        name, entry->second
                  ? std::optional<CachedCode::RubyFunctionFile>(
                        CachedCode::RubyFunctionFile{entry->second->api, entry->second->file})
                  : std::nullopt);
  return entry->second ? &*entry->second : nullptr;
}

std::string module_lib_directories(const Environment& environment, bool even_absent) {
  std::string directories;
  std::error_code error;
  for (const ModuleOnPath& module : modules_on_path(environment.modulepath())) {
    fs::path lib = module.dir / "lib";
    if (even_absent || fs::is_directory(lib, error)) directories += lib.string() + '\0';
  }
  return directories;
}

const std::string& RubyFunctions::load_path() {
  if (!load_path_) load_path_ = module_lib_directories(environment_);
  return *load_path_;
}

const Value& RubyFunctions::type_from_text(const std::string& text, FunctionHost& compilation,
                                           Scope& scope) {
  if (auto known = types_.find(text); known != types_.end()) return known->second;
  lang::Program program = lang::parse(lang::make_source("<type " + text + ">", text), type_arena_);
  parsed_sources_.push_back(program.file);
  if (!program.body || program.body->statements.size() != 1)
    throw std::runtime_error("not a type: " + text);
  Value type = compilation.evaluate(program.body->statements[0], scope);
  if (!type.is_type()) throw std::runtime_error("not a type: " + text);
  return types_.emplace(text, std::move(type)).first->second;
}

const lang::ast::Lambda& RubyFunctions::ruby_block_lambda(int block_id, int parameters) {
  if (block_id < 0 || parameters < 0 || parameters > 16)
    throw std::runtime_error("a Ruby block of " + std::to_string(parameters) +
                             " parameters cannot be passed to Puppet");
  std::string key = std::to_string(block_id) + "/" + std::to_string(parameters);
  if (auto known = block_lambdas_.find(key); known != block_lambdas_.end()) return *known->second;
  std::string names, values;
  for (int i = 0; i < parameters; ++i) {
    names += (i ? ", $a" : "$a") + std::to_string(i);
    values += ", $a" + std::to_string(i);
  }
  std::string text =
      "f() |" + names + "| { " + kBlockFunction + "(" + std::to_string(block_id) + values + ") }";
  lang::Program program = lang::parse(lang::make_source("<ruby block>", text), type_arena_);
  parsed_sources_.push_back(program.file);
  const auto* call = program.body && program.body->statements.size() == 1
                         ? lang::ast::as<lang::ast::FunctionCall>(program.body->statements[0])
                         : nullptr;
  if (!call || !call->lambda) throw std::logic_error("the Puppet block for a Ruby block");
  return *block_lambdas_.emplace(key, call->lambda).first->second;
}

Value RubyFunctions::call(const std::string& name, std::vector<Value> arguments,
                          const lang::ast::Lambda* lambda, const lang::SourceLocation& where,
                          FunctionHost& compilation, Scope& scope) {
  if (name == kBlockFunction) return call_block(std::move(arguments), where, compilation, scope);
  const Found* found = find(name);
  if (!found) throw SourceError("Unknown function: '" + name + "'.", where);
  if (!lambda && native_enabled())
    if (std::optional<Value> value =
            call_natively(found->file, name, arguments, where, compilation, scope))
      return std::move(*value);
  trace_ruby_use("function '" + name + "' (" + found->file + ")");
  std::string why_not;
  const marionette_ruby_module* module = ruby_module(why_not);
  if (!module)
    throw SourceError("The function '" + name + "' is written in Ruby (" + found->file +
                          "), which needs marionette's embedded Ruby: install the package " +
                          kRubyModulePackage + " (" + why_not + ")",
                      where);
  std::string encoded = to_ruby_wire(Value(std::move(arguments)));
  const std::string& path = load_path();
  marionette_ruby_call call{found->api,     found->file.c_str(), name.c_str(), encoded.data(),
                            encoded.size(), lambda != nullptr,   path.data(),  path.size()};
  HostContext host_call{*this, compilation, scope, lambda, where, nullptr};
  marionette_ruby_host host = host_for(host_call);
  std::string result;
  int status = module->call_function(&call, &host, keep_reply, &result);
  if (status == MARIONETTE_RUBY_OK) return from_ruby_wire(result);
  if (status == MARIONETTE_RUBY_HOST_ERROR && host_call.failure)
    std::rethrow_exception(host_call.failure);
  throw SourceError(result, where);
}

Value RubyFunctions::call_block(std::vector<Value> arguments, const lang::SourceLocation& where,
                                FunctionHost& compilation, Scope& scope) {
  std::string why_not;
  const marionette_ruby_module* module = ruby_module(why_not);
  if (!module || arguments.empty() || !arguments[0].is_integer())
    throw SourceError(std::string(kBlockFunction) + "() calls only the blocks of Ruby functions",
                      where);
  auto block_id = static_cast<std::size_t>(arguments[0].integer());
  const lang::SourceLocation& at = block_id < block_calls.size() ? block_calls[block_id] : where;
  std::string encoded = to_ruby_wire(Value(Array(arguments.begin() + 1, arguments.end())));
  HostContext host_call{*this, compilation, scope, nullptr, at, nullptr};
  marionette_ruby_host host = host_for(host_call);
  std::string result;
  int status = module->call_block(static_cast<int>(block_id), encoded.data(), encoded.size(), &host,
                                  keep_reply, &result);
  if (status == MARIONETTE_RUBY_OK) return from_ruby_wire(result);
  if (status == MARIONETTE_RUBY_HOST_ERROR && host_call.failure)
    std::rethrow_exception(host_call.failure);
  throw SourceError(result, at);
}

int run_with_ruby_host(RubyFunctions& functions, FunctionHost& compilation, Scope& scope,
                       const lang::SourceLocation& where,
                       const std::function<int(const marionette_ruby_host&)>& run,
                       std::exception_ptr& failure) {
  HostContext host_call{functions, compilation, scope, nullptr, where, nullptr};
  marionette_ruby_host host = host_for(host_call);
  int status = run(host);
  failure = host_call.failure;
  return status;
}

}  // namespace marionette::compiler
