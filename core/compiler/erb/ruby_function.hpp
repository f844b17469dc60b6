#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/erb/erb_template.hpp"

namespace marionette::compiler::erb {

/// A module's 4.x Ruby function (lib/puppet/functions/NS/NAME.rb) read with the Ruby subset the
/// ERB engine interprets, so that a compile calls it without starting Ruby:
///
///     require 'digest/sha1'                       # a library the subset has natively
///     Puppet::Functions.create_function(:'ns::name') do
///       dispatch :method do
///         param 'Type', :name                     # required_param, optional_param,
///         return_type 'Type'                      # repeated_param, ...
///       end
///       def method(name) ... end                  # `private` methods too
///     end
///
/// or a 3.x function (lib/puppet/parser/functions/NAME.rb):
///
///     require 'digest/md5'
///     module Puppet::Parser::Functions            # or Puppet::Parser::Functions::newfunction
///       newfunction(:name, :type => :rvalue, :arity => 2, :doc => <<-EOS) do |args|
///         ...                                     # `return` returns; lookupdefaults(type)
///       end
///     end
///
/// parse_ruby_function refuses (Unsupported) a file with anything else (block parameters,
/// local_types, class-level code, a method the engine does not have, ...): the function is then
/// Ruby's, whole.
struct RubyFunctionParameter {
  enum class Kind { Required, Optional, Repeated, RequiredRepeated };
  std::string type;  ///< Puppet type text, "Any" for a dispatch-less function's parameters
  std::string name;
  Kind kind = Kind::Required;
};

struct RubyFunctionDispatch {
  std::string method;
  std::vector<RubyFunctionParameter> parameters;
  std::string return_type;  ///< empty: none
};

struct RubyFunctionProgram {
  std::string name;  ///< as create_function (newfunction) names it
  /// 3 for newfunction: `methods` has one, named after the function, taking the argument Array;
  /// no dispatches.
  int api = 4;
  bool rvalue = false;  ///< 3.x `:type => :rvalue` (else its value is nil to Puppet)
  int arity = -1;       ///< 3.x `:arity`: N exactly, -N-1 at least N (Puppet's default -1)
  /// In order; without a `dispatch`, one made from the method named after the function.
  std::vector<RubyFunctionDispatch> dispatches;
  std::unordered_map<std::string, const Node*> methods;  ///< the `def`s, by name
  NodePtr body;                                          ///< owns the methods' nodes
};

/// The name of a 3.x program's one method (its newfunction block), which takes the argument Array.
const std::string& function3_method();

/// Reads a function file; throws Unsupported (the construct and its line) for what is beyond the
/// subset.
std::shared_ptr<const RubyFunctionProgram> parse_ruby_function(std::string_view text);

/// What a function's method sees of Puppet: `call_function(name, *args)` and
/// `closure_scope['name']`. Throws what the called function threw (a Puppet error, not a
/// RubyError: the method cannot rescue it), Unsupported for what Ruby must answer.
class RubyFunctionHost {
 public:
  virtual ~RubyFunctionHost() = default;
  virtual RubyValue call_function(const std::string& name, RubyArray arguments) = 0;
  /// A variable seen from the function's closure scope; nil when not set.
  virtual RubyValue lookup_variable(const std::string& name) = 0;
  /// `Puppet.debug(message)` (level "debug", "info", "notice", "warning", "err").
  virtual void log(const std::string& level, const std::string& message) = 0;
  /// A 3.x function's `lookupdefaults(type)`: the names of the attributes the resource defaults
  /// seen from the caller's scope set for the type (its name as declared, `Exec`).
  virtual std::vector<std::string> resource_default_names(const std::string& type) = 0;
};

/// Runs `method` of the program with the arguments; its value. Throws RubyError (the message
/// Ruby's exception has), Unsupported when it meets, while it runs, what is beyond the engine
/// (a String of Puppet's changed in place): the function is then Ruby's, unless it has called
/// back into Puppet already (the caller decides).
RubyValue call_ruby_method(const RubyFunctionProgram& program, const std::string& method,
                           RubyArray arguments, RubyFunctionHost& host);

}  // namespace marionette::compiler::erb
