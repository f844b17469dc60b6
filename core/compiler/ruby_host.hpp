#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <string>

#include "lang/source_location.hpp"
#include "ruby/module_abi.h"

namespace marionette::compiler {

class Environment;
class FunctionHost;
class RubyFunctions;
class Scope;

/// Runs `run` with the host marionette-ruby.so calls back while it runs, answering for `scope`
/// (variables, functions, types; no block): what a template rendered in Ruby calls. Returns
/// run's status; `failure` gets the error of the last call back that failed.
int run_with_ruby_host(RubyFunctions& functions, FunctionHost& compilation, Scope& scope,
                       const lang::SourceLocation& where,
                       const std::function<int(const marionette_ruby_host&)>& run,
                       std::exception_ptr& failure);

/// Each module's lib/ directory on the environment's modulepath (the first module of a name),
/// each followed by a NUL: Ruby's $LOAD_PATH for module code. With `even_absent`, also those
/// of modules without one (the layer finds a module's templates from it).
std::string module_lib_directories(const Environment& environment, bool even_absent = false);

/// A marionette_ruby_sink that keeps the module's answer in the std::string at `sink_context`.
inline void keep_reply(void* sink_context, const char* data, std::size_t size) {
  static_cast<std::string*>(sink_context)->assign(data, size);
}

}  // namespace marionette::compiler
