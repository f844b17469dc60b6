#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compiler/erb/erb_template.hpp"
#include "compiler/erb/ruby_value.hpp"

namespace marionette::compiler::erb {

/// What a template calls without a receiver (`scope`, `has_variable?`, `Array(x)`, `raise`).
bool is_kernel_function(std::string_view name);
/// A library Puppet has loaded before any template runs (`require 'yaml'` answers false).
bool is_loaded_library(std::string_view name);

/// Kernel#format (sprintf, format, String#%) of Ruby values, as Ruby formats them.
RubyValue format_values(const std::string& format, const RubyArray& values);
RubyValue call_kernel_function(const std::string& name, RubyArray& args, TemplateHost& host);

/// The scope object's methods: `lookupvar`, `[]`, `setvar`, `to_hash`, `function_NAME`,
/// `call_function`.
bool is_scope_method(std::string_view name);
RubyValue scope_object(TemplateHost& host);
bool is_scope_object(const RubyValue& value);
RubyValue call_scope_method(const std::string& name, RubyArray& args, TemplateHost& host);

/// A Ruby exception of a class the engine raises by name (IPAddr's), for `rescue Name`: its
/// class first, then its ancestors up to StandardError. Its message is not Ruby's in every
/// version of the library: one the template does not rescue makes the template Ruby's.
struct ClassedRubyError : RubyError {
  ClassedRubyError(const std::string& message, std::vector<std::string> names)
      : RubyError(message), classes(std::move(names)) {}
  std::vector<std::string> classes;
};

/// `IPAddr.new(address)` for what the engine can tell for sure: a dotted IPv4 address (an IPAddr
/// whose to_s is the address), or a name that is no address at all (IPAddr::InvalidAddressError,
/// an ArgumentError). Any other form (IPv6, a prefix or mask, zero-filled octets) is Ruby's.
RubyValue ipaddr_new(const RubyArray& args);

/// The class names a template may name (`Array`, `String`, `Hash`, `Integer`, ...).
bool is_known_constant(std::string_view name);
RubyValue constant_value(const std::string& name);

}  // namespace marionette::compiler::erb
