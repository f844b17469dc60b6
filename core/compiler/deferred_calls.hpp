#pragma once

// The calls a catalog's Deferred values stand for, made as an agent makes them when it applies
// the catalog (Puppet's DeferredResolver): each function called by name with its arguments
// (themselves resolved first), in the top scope of an empty compile of the node's environment
// with the node's facts; a name starting with `$` reads that variable.

#include <memory>

#include "catalog/catalog.hpp"
#include "compiler/compiler.hpp"

namespace marionette::compiler {

class DeferredCalls {
 public:
  /// `request`: the environment, compat and strictness of the catalog's compile, the node's
  /// name and facts. Nothing is opened before the first Deferred is met.
  explicit DeferredCalls(CompileRequest request);
  ~DeferredCalls();
  DeferredCalls(const DeferredCalls&) = delete;
  DeferredCalls& operator=(const DeferredCalls&) = delete;

  /// `value` with every Deferred in it ({"__ptype": "Deferred", "name": ..., "arguments":
  /// [...]}, in arrays, hashes and Sensitive values too) replaced by its call's result, in
  /// rich data form. Throws what the function throws (lang::SourceError, std::runtime_error).
  catalog::Data resolve(const catalog::Data& value);

 private:
  struct Compile;
  catalog::Data call(const catalog::Data& deferred);
  CompileRequest request_;
  std::unique_ptr<Compile> compile_;
};

}  // namespace marionette::compiler
