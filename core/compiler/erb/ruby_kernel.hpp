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

// The standard library's classes the engine has (ruby_libraries.cpp).

/// `IPAddr.new(address)` as ipaddr 1.2 reads it: an IPv4 or IPv6 address (brackets taken off),
/// or IPAddr::InvalidAddressError (AddressFamilyError for what is no String). A prefix length,
/// a zone id or bytes beyond ASCII are Ruby's (BeyondTheEngine).
RubyValue ipaddr_new(const RubyArray& args);
/// An IPAddr's `ipv4?` and `ipv6?`; its other methods are Ruby's.
RubyValue ipaddr_method(const RubyObject& address, const std::string& name);
/// `IPAddr.const_defined?(name)` for IPAddr's error classes (true since Ruby 2.0).
bool ipaddr_const_defined(const RubyArray& args);
/// `ERB::Util.url_encode(s)`: every byte of s.to_s but [A-Za-z0-9_.~-] as %XX.
RubyValue url_encode(const RubyArray& args);
/// `URI::Generic.build(scheme:, userinfo:, host:, port:, path:, query:)`: a URI::Generic whose
/// to_s is the URI; a component URI would refuse (or escape) is Ruby's.
RubyValue uri_generic_build(const RubyArray& args);

/// The class names a template may name (`Array`, `String`, `Hash`, `Integer`, ...).
bool is_known_constant(std::string_view name);
RubyValue constant_value(const std::string& name);

}  // namespace marionette::compiler::erb
