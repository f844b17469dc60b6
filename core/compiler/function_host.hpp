#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compiler/strictness.hpp"
#include "compiler/value.hpp"
#include "lang/source_location.hpp"
#include "marionette/version.hpp"

namespace marionette::lang {
struct EppProgram;
namespace ast {
struct Lambda;
struct Node;
}  // namespace ast
}  // namespace marionette::lang

namespace marionette::compiler {

class Environment;
class ResourceTable;
class RubyFunctions;
class PuppetDbQueries;
class Scope;
namespace hiera {
class Hiera;
}

/// How a class is brought in: `include`, `require` (adds a require on the caller),
/// `contain` (the caller contains it) or a resource-like `class { 'x': }` declaration.
enum class ClassInclusion { Include, Require, Contain };

/// What the built-in functions may ask of the compilation that calls them: the narrow view of
/// the Evaluator, so that a function depends on these few calls and not on the Evaluator's
/// internals (a change there recompiles the evaluator's files, not every function).
class FunctionHost {
 public:
  virtual Value evaluate(const lang::ast::Node* node, Scope& scope) = 0;
  /// `value_unused`: the caller ignores what the lambda returns (`each`), so a resource
  /// statement at its end makes no references either.
  virtual Value call_lambda(const lang::ast::Lambda& lambda, std::vector<Value> arguments,
                            Scope& scope, bool value_unused = false) = 0;
  virtual void include_class(const Value& name, Scope& scope, ClassInclusion how,
                             const lang::SourceLocation& where) = 0;
  virtual bool is_defined(const Value& what, Scope& scope) = 0;
  /// create_resources(TYPE, {TITLE => ATTRIBUTES}, DEFAULTS): declares what the resource
  /// expression `TYPE { TITLE: * => ATTRIBUTES }` with those defaults declares, at `where`;
  /// `@TYPE` makes them virtual, `@@TYPE` exported, `class` declares classes with parameters.
  virtual void create_resources(std::string written_type, const Value& instances,
                                const Value& defaults, Scope& scope,
                                const lang::SourceLocation& where) = 0;
  /// realize(Type['title']) of a resource not declared yet: Puppet realizes it when a later
  /// declaration makes it, and fails at the end of the compile when none does.
  virtual void realize_later(std::string type, std::string title) = 0;
  virtual ResourceTable& resources() = 0;
  virtual Environment& environment() = 0;
  /// The compilation's Hiera, created when first used; its interpolations read the variables
  /// `from` sees (Puppet's lookup invocation scope: `%{module_name}` is its module's), else the
  /// top scope's.
  virtual hiera::Hiera& hiera(const Scope* from = nullptr) = 0;
  /// A logging function's message, "Scope(Class[Foo]): message", through compile_log() (the
  /// run's log, else standard error as "Warning: Scope(Class[Foo]): message").
  virtual void log(const char* level, const std::string& message, const Scope& scope) = 0;
  /// A variable by its name as written (`x`, `::x`, `a::b::x`), nullptr when not set.
  virtual const Value* lookup_variable(const std::string& name, Scope& scope) const = 0;
  /// The compile's strict and strict_variables settings.
  virtual const Strictness& strictness() const = 0;
  /// Whose behaviour the compile follows (puppet_compat): Puppet 7's or Puppet 8's.
  virtual PuppetCompat compat() const = 0;
  /// A function by name (built-in, Puppet-language or a module's Ruby), nullopt when none;
  /// `lambda`: the block it is given (a Ruby function's Ruby block, ruby_functions.cpp).
  virtual std::optional<Value> call_function_by_name(const std::string& name,
                                                     std::vector<Value> arguments, Scope& scope,
                                                     const lang::SourceLocation& where,
                                                     const lang::ast::Lambda* lambda = nullptr) = 0;
  /// Puppet's stack (Puppet::Pops::PuppetStack) as it is now, innermost first: a frame for
  /// each function call the evaluator is in, and (file, 0) under them while a main manifest's
  /// top-level code runs. stdlib's deprecation() names its first two frames.
  virtual std::vector<lang::SourceLocation> puppet_stack() const = 0;
  /// The functions and templates modules ship in Ruby, through the embedded Ruby.
  virtual RubyFunctions& ruby_functions() = 0;
  /// Renders an EPP template with its arguments, its variables those of `closure` (inline_epp:
  /// the caller's scope) or, when null, of the top scope (epp): its text, Sensitive when it
  /// rendered a Sensitive value (whose text it holds).
  virtual Value render_epp(const lang::EppProgram& program, const Value& arguments,
                           const lang::SourceLocation& where, Scope* closure = nullptr) = 0;
  /// The PuppetDB puppetdb_query() asks (the request's), nullptr when the compile has none.
  virtual PuppetDbQueries* puppetdb() = 0;

 protected:
  ~FunctionHost() = default;
};

}  // namespace marionette::compiler
