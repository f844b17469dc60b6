#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "compiler/erb/ruby_ast.hpp"
#include "compiler/erb/ruby_value.hpp"
#include "rubyish/ruby_scanner.hpp"

namespace marionette::compiler::erb {

// The template lexer is rubyish's; the engine names its tokens as its own.
using rubyish::StringPart;
using rubyish::Token;
using rubyish::tokenize_ruby;
using rubyish::TokenKind;
using rubyish::Unsupported;

/// The narrow entry point of the ERB engine. A template is parsed once into a program of the
/// Ruby subset (parse_erb), which says before anything runs whether the native engine can take
/// it (else Unsupported: the construct and its line); then rendered as many times as asked,
/// against a TemplateHost that answers for Puppet (render_erb). Another engine (an embedded
/// Ruby) can take the templates parse_erb refuses, whole.

/// What a template sees of Puppet.
class TemplateHost {
 public:
  virtual ~TemplateHost() = default;
  /// `@name`: a variable visible where the template is evaluated; nil when not set.
  virtual RubyValue instance_variable(const std::string& name) = 0;
  /// `scope['a::b']`, `scope.lookupvar('x')`: qualified names too; nil when not set.
  virtual RubyValue lookup_variable(const std::string& name) = 0;
  /// `scope.setvar('x', value)`: sets a variable where the template is evaluated; throws
  /// RubyError with Puppet's words when it is already set there.
  virtual void set_variable(const std::string& name, const RubyValue& value) = 0;
  /// `scope.to_hash`: every visible variable that is not undef, the nearest scope's winning.
  virtual RubyHash visible_variables() = 0;
  /// `has_variable?('x')`: set, and not undef.
  virtual bool has_variable(const std::string& name) = 0;
  /// `scope.function_x([...])`, `scope.call_function('x', [...])`. Throws RubyError with Ruby's
  /// words when there is no such function.
  virtual RubyValue call_function(const std::string& name, RubyArray arguments) = 0;
  /// "Scope(Class[main])", as the scope object prints.
  virtual std::string scope_name() = 0;
};

struct ErbProgram {
  NodePtr body;
};

/// Parses a template; throws Unsupported for a construct, a method or a function the engine does
/// not know (or Ruby's syntax error), with the template's line.
std::shared_ptr<const ErbProgram> parse_erb(std::string_view text);

/// A Ruby exception while rendering, at a line of the template.
struct TemplateError {
  int line;
  std::string message;
};

/// Runs the program; its output. Throws TemplateError; Unsupported when it meets, while it
/// runs, what is beyond the engine (a String of Puppet's changed in place, whose effect depends
/// on how Puppet made it): nothing of the template's output is kept then.
std::string render_erb(const ErbProgram& program, TemplateHost& host);

}  // namespace marionette::compiler::erb
