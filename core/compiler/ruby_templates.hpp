#pragma once

#include <string>

#include "compiler/value.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

class FunctionHost;
class Scope;

/// A template that marionette's ERB engine does not take (erb::parse_erb said Unsupported),
/// rendered whole by Ruby's own ERB in marionette-ruby.so with Puppet's binding.
struct RubyTemplate {
  std::string reference;  ///< as template() was given it; empty for inline_template
  std::string path;       ///< the file; empty for inline_template
  const std::string& text;
  std::string unsupported;  ///< what the native engine refused, and where, for the error below
};

/// Every variable visible from `scope` that is not undef, the nearest scope's winning, outer
/// scopes' first: Puppet's scope.to_hash, which templates see as instance variables.
Hash visible_variables(const Scope& scope);

/// "Scope(Class[main])", as Puppet's scope object prints.
std::string scope_name(FunctionHost& compilation, const Scope& scope);

/// Renders it; errors are SourceErrors at `where`, worded as Puppet's template() and
/// inline_template() word them. Without marionette-ruby.so the error names the template, what
/// the native engine refused and the package to install.
std::string render_in_ruby(const RubyTemplate& request, FunctionHost& compilation, Scope& scope,
                           const lang::SourceLocation& where);

}  // namespace marionette::compiler
