#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/value.hpp"
#include "lang/ast/arena.hpp"
#include "lang/ast/calls.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

class Environment;
class Evaluator;
class Scope;

/// The functions modules ship in Ruby, for the names that no native and no Puppet-language
/// function has: lib/puppet/functions/NS/NAME.rb (the 4.x API; NAME.rb in any module for a
/// name without a namespace), then lib/puppet/parser/functions/NAME.rb (3.x), on the
/// modulepath in Puppet's order. They run in marionette-ruby.so (ruby/module_abi.h), loaded on
/// the first call; without it the call fails naming the function and the package.
class RubyFunctions {
 public:
  explicit RubyFunctions(Environment& environment) : environment_(environment) {}

  /// Whether a module ships a Ruby function of that name.
  bool has(const std::string& name) { return find(name) != nullptr; }

  /// Calls it with its evaluated arguments and block (nullptr: none). Errors are SourceErrors
  /// at `where`, worded as Puppet words them; an error of a function it called back is
  /// rethrown as that function threw it.
  Value call(const std::string& name, std::vector<Value> arguments, const lang::ast::Lambda* lambda,
             const lang::SourceLocation& where, Evaluator& evaluator, Scope& scope);

  /// A type written as Puppet code ("Optional[String]"), evaluated once per text.
  const Value& type_from_text(const std::string& text, Evaluator& evaluator, Scope& scope);

 private:
  struct Found {
    int api;  ///< 4 or 3
    std::string file;
  };
  const Found* find(const std::string& name);
  /// Each module's lib/ directory, NUL-terminated, for Ruby's $LOAD_PATH.
  const std::string& load_path();

  Environment& environment_;
  std::unordered_map<std::string, std::optional<Found>> found_;
  std::optional<std::string> load_path_;
  lang::ast::Arena type_arena_;
  std::unordered_map<std::string, Value> types_;
};

}  // namespace marionette::compiler
