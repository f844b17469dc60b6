#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/value.hpp"
#include "lang/ast/arena.hpp"
#include "lang/ast/calls.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

namespace erb {
struct RubyFunctionProgram;
}
class Environment;
class FunctionHost;
class Scope;

/// The functions modules ship in Ruby, for the names that no native and no Puppet-language
/// function has: lib/puppet/functions/NS/NAME.rb (the 4.x API; NAME.rb in any module for a
/// name without a namespace), then lib/puppet/parser/functions/NAME.rb (3.x), on the
/// modulepath in Puppet's order. A 4.x or 3.x function the native Ruby subset takes
/// (erb/ruby_function.hpp) runs natively; the others run in marionette-ruby.so (ruby/module_abi.h),
/// loaded on the first call; without it the call fails naming the function and the package.
class RubyFunctions {
 public:
  explicit RubyFunctions(Environment& environment) : environment_(environment) {}

  /// Whether a module ships a Ruby function of that name (or it is kBlockFunction).
  bool has(const std::string& name) { return name == kBlockFunction || find(name) != nullptr; }

  /// What the Puppet block made for a Ruby block calls: kBlockFunction(ID, arguments...) runs
  /// the Ruby block ID of a call_function with a block (ruby_block_lambda).
  static constexpr const char* kBlockFunction = "marionette::ruby_block";

  /// The Puppet block `|$a0, ...| { marionette::ruby_block(ID, $a0, ...) }`, made once.
  const lang::ast::Lambda& ruby_block_lambda(int block_id, int parameters);

  /// Where each running call_function with a Ruby block was made, by block ID: errors of the
  /// block are reported there.
  std::vector<lang::SourceLocation> block_calls;

  /// Calls it with its evaluated arguments and block (nullptr: none). Errors are SourceErrors
  /// at `where`, worded as Puppet words them; an error of a function it called back is
  /// rethrown as that function threw it.
  Value call(const std::string& name, std::vector<Value> arguments, const lang::ast::Lambda* lambda,
             const lang::SourceLocation& where, FunctionHost& compilation, Scope& scope);

  /// A type written as Puppet code ("Optional[String]"), evaluated once per text.
  const Value& type_from_text(const std::string& text, FunctionHost& compilation, Scope& scope);

 private:
  struct Found {
    int api;  ///< 4 or 3
    std::string file;
  };
  const Found* find(const std::string& name);
  /// Runs a 4.x function with the native Ruby subset (ruby_functions_native.cpp): its value, or
  /// nothing when the subset does not take it (then Ruby runs it; nothing has happened yet).
  std::optional<Value> call_natively(const std::string& file, const std::string& name,
                                     std::vector<Value>& arguments,
                                     const lang::SourceLocation& where, FunctionHost& compilation,
                                     Scope& scope);
  /// The same of a 3.x function (newfunction): its arguments as Puppet converts them for 3.x,
  /// its :arity checked, a :statement function's value nil.
  std::optional<Value> call_natively3(const erb::RubyFunctionProgram& program,
                                      const std::string& file, const std::string& name,
                                      std::vector<Value>& arguments,
                                      const lang::SourceLocation& where, FunctionHost& compilation,
                                      Scope& scope);
  /// kBlockFunction(ID, arguments...): the Ruby block's value.
  Value call_block(std::vector<Value> arguments, const lang::SourceLocation& where,
                   FunctionHost& compilation, Scope& scope);
  /// Each module's lib/ directory, NUL-terminated, for Ruby's $LOAD_PATH.
  const std::string& load_path();

  Environment& environment_;
  std::unordered_map<std::string, std::optional<Found>> found_;
  std::optional<std::string> load_path_;
  lang::ast::Arena type_arena_;  ///< types_ and block_lambdas_ are parsed into it
  std::unordered_map<std::string, Value> types_;
  std::unordered_map<std::string, const lang::ast::Lambda*> block_lambdas_;
  /// The texts types_ and block_lambdas_ were parsed from: their nodes' locations point into
  /// them (an error or a `--trace` frame names them).
  std::vector<std::shared_ptr<const lang::SourceFile>> parsed_sources_;
};

}  // namespace marionette::compiler
