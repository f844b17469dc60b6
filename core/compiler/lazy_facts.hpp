#pragma once

// The node's custom facts resolved as the compile reads them (`marionette apply`): the top
// scope's lazy variables (scope.hpp) backed by facts::LazyCustomFacts.

#include <string>

#include "compiler/scope.hpp"
#include "facts/facts.hpp"

namespace marionette::facts {
class LazyCustomFacts;
}

namespace marionette::compiler {

struct CompileRequest;

/// A read of `$x` (`$::x`, a template's `@x`, a scope lookup) resolves the custom fact x when
/// one may define it, and sets the variable and $facts' entry; `$facts['x']` (and fact('x'),
/// hiera's `%{facts.x}`) resolves x alone; reading `$facts` whole or enumerating the top scope
/// (a Ruby template's variables) resolves them all. A Ruby function reads variables through its
/// host (lookupvar, closure_scope[]), each as a read here: calling one resolves nothing by
/// itself. A variable the node's parameters hold (the
/// classifier's, `environment`, `trusted`) keeps its value, as Puppet's node merge keeps it.
class LazyFacts final : public LazyVariables {
 public:
  LazyFacts(facts::LazyCustomFacts& custom, const CompileRequest& request);

  void before_read(Scope& top, const std::string& name) override;
  void before_entry_read(Scope& top, const std::string& name, const std::string& key) override;
  void before_enumeration(Scope& top) override;

 private:
  /// Lays the custom facts that now count over the variables and $facts.
  void lay(Scope& top, const facts::Facts& resolved);

  facts::LazyCustomFacts& custom_;
  const CompileRequest& request_;
  bool busy_ = false;  ///< laying: the scope's own set_or_replace reads nothing lazily
};

}  // namespace marionette::compiler
