#pragma once

#include <optional>
#include <string>

#include "compiler/compiler.hpp"
#include "compiler/hiera/hiera.hpp"
#include "compiler/value.hpp"

namespace marionette::compiler {

/// What `puppet lookup KEY` is asked on its command line.
struct CliLookup {
  std::string key;
  std::optional<std::string> type;           ///< --type, Puppet type syntax: "Array[String]"
  std::optional<std::string> default_value;  ///< --default, a string
  std::optional<hiera::MergeStrategy> merge;
  bool compile = false;  ///< --compile: the main manifest is evaluated first
};

/// puppet lookup's lookup in a compilation's top scope: the node's facts and settings, and with
/// `compile` the main manifest's variables (which Hiera's interpolations may use). The found (or
/// default) value is checked against the type as Puppet checks it ("Found value has wrong type,
/// expects a String value, got Integer"; "Default value has wrong type, …"). Nothing when
/// nothing is found and there is no default. Throws lang::SourceError or std::runtime_error.
std::optional<Value> lookup_in_compile(const CompileRequest& request, const CliLookup& query);

}  // namespace marionette::compiler
