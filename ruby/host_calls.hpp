#pragma once

// Marionette::Host, through which the compatibility layer's Ruby calls back into marionette:
// call_function (with a Ruby block too), call_block, lookup_variable, check_type, set_variable,
// log.

#include <ruby.h>

#include <string>
#include <string_view>
#include <vector>

#include "module_abi.h"
#include "ruby_thread.hpp"

namespace marionette::ruby {

/// A call Ruby is running (a function's or a Ruby block's), with the host its calls back go to.
struct Frame {
  const marionette_ruby_host* host;
  bool host_failed = false;  ///< a call back failed (its error is marionette's to rethrow)
};

/// The calls Ruby is running, innermost last (only Ruby's thread touches them).
extern std::vector<Frame*> frames;

/// The thread Ruby runs on (module_entry.cpp starts it); host calls run on its caller's.
extern RubyThread* ruby_thread;

/// Hands marionette a variable's Array or Hash that Ruby changed in place (replace_variable);
/// raises in Ruby, as a failed call back does, when marionette refuses.
void host_replace_variable(std::string_view name, const std::string& value);

/// Defines Marionette::Host's methods.
void define_host_module(VALUE marionette);

/// Once the layer has defined Marionette::HostError, what a failed call back raises.
void bind_host_error_class();
bool is_host_error(VALUE exception);

}  // namespace marionette::ruby
