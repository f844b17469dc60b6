#pragma once
// The dispatch signatures of the native functions, as Puppet 7.23's functions declare them, and
// Puppet's words when no signature takes a call's arguments ("'then' block expects 1 argument,
// got 2", "'dig' parameter 'data' expects a value of type Undef or Collection, got String", "The
// function 'x' was called with arguments it does not accept. It expects one of: ...").

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/value.hpp"
#include "lang/ast/calls.hpp"
#include "marionette/version.hpp"

namespace marionette::compiler {

/// One dispatch of a function: its parameters (types as Puppet prints them), how many of them
/// are required, whether the last one repeats, and its block.
struct Signature {
  struct Parameter {
    std::string_view type;
    std::string_view name;
  };
  std::vector<Parameter> parameters;
  std::size_t required = 0;
  bool repeated = false;       ///< the last parameter takes any number of arguments
  std::string_view block;      ///< the block's Callable type as printed; empty: no block
  std::int64_t block_min = 0;  ///< the number of arguments the block must take
  std::int64_t block_max = 0;
  bool block_optional = false;
};

/// The declared signatures of a native function under Puppet 7 or OpenVox 8, or nullptr when it
/// declares none.
const std::vector<Signature>* native_signatures(std::string_view function, PuppetCompat compat);

/// Puppet's words for a call that none of the signatures takes; nullopt when one takes it.
std::optional<std::string> refused_call(std::string_view function,
                                        const std::vector<Signature>& signatures,
                                        const std::vector<Value>& arguments,
                                        const lang::ast::Lambda* lambda);

}  // namespace marionette::compiler
