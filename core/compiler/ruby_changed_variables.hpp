#pragma once

#include <string>

#include "compiler/value.hpp"

namespace marionette::compiler {

class ResourceTable;
class Scope;

/// A variable whose Array or Hash a template's Ruby changed in place (`@list << x`), with its
/// value now. In Puppet the template's object is the variable's value, so the change shows
/// wherever that object is: the variable where it is set (the nearest scope from `scope` up),
/// the variables of that scope that were assigned it (`$before = $list`), and the parameter of
/// that scope's class or defined type that it is bound to, which the catalog shows. What Puppet
/// copied before (the parameters of resources declared earlier, the caller's variable that a
/// parameter was given, another parameter given the same variable) keeps what it had.
void replace_changed_variable(ResourceTable& resources, Scope& scope, const std::string& name,
                              Value now);

}  // namespace marionette::compiler
