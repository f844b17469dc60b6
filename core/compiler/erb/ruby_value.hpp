#pragma once

// The ERB engine's values are rubyish's Ruby values (rubyish/value.hpp); the engine names them
// as its own.

#include "rubyish/value.hpp"

namespace marionette::compiler::erb {

using rubyish::append_to_s;
using rubyish::class_name;
using rubyish::compare;
using rubyish::eql;
using rubyish::equal;
using rubyish::hash_lookup;
using rubyish::hash_store;
using rubyish::inspect;
using rubyish::no_method_message;
using rubyish::RubyArray;
using rubyish::RubyError;
using rubyish::RubyHash;
using rubyish::RubyObject;
using rubyish::RubyRange;
using rubyish::RubyRegexp;
using rubyish::RubyString;
using rubyish::RubySymbol;
using rubyish::RubyValue;
using rubyish::to_s;
using rubyish::truthy;

}  // namespace marionette::compiler::erb
