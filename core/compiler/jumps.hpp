#pragma once

#include "compiler/value.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

/// next(value): ends the innermost lambda (or function) call, which gives `value`.
struct NextJump {
  Value value;
  lang::SourceLocation where;
};

/// break(): stops the innermost iteration (each, map, filter, reduce, slice).
struct BreakJump {
  lang::SourceLocation where;
};

/// return(value): ends the innermost function written in the Puppet language.
struct ReturnJump {
  Value value;
  lang::SourceLocation where;
};

}  // namespace marionette::compiler
