#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "compiler/value.hpp"
#include "rubyish/value.hpp"

namespace marionette::compiler {

/// One `%...` directive of a Ruby format string (Kernel#format), its width and precision
/// already resolved (`*` read from the arguments).
struct FormatDirective {
  std::string flags;   ///< any of "-+ 0#"
  int width = -1;      ///< -1 when none
  int precision = -1;  ///< -1 when none
  char conversion = 0;
};

/// What Ruby raises for a bad directive or argument ("%c requires a character", ...).
struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The value formatted by one directive as Ruby formats the value Puppet hands it (undef as "",
/// arrays and hashes as Ruby's inspect, negative numbers in hex, octal and binary as `..f01`).
std::string ruby_format(const FormatDirective& directive, const Value& value);

/// The Ruby object Puppet hands Ruby code for the value: undef is nil, default :default, arrays
/// and hashes hold such objects; a Sensitive, a resource reference (a Puppet::Resource), a regexp,
/// a type or a rich value is an object that prints as Puppet prints it.
rubyish::RubyValue ruby_view(const Value& value);

/// The same, an array or hash held in several places made once (Ruby's one object, which
/// Psych writes once and then as an alias).
rubyish::RubyValue ruby_view_keeping_identity(const Value& value);

/// The class of that object: "String", "NilClass", "Symbol" (default), "Puppet::Resource",
/// "Puppet::Pops::Types::PSensitiveType::Sensitive", "Puppet::Pops::Types::PIntegerType", ...
std::string ruby_class(const Value& value);

/// Ruby's #inspect of the value as Puppet hands it to Ruby: `[1, "a", nil]`, `{"k"=>1}`.
std::string ruby_inspect(const Value& value);

/// Characters, not bytes, as Ruby counts a UTF-8 string's length.
std::size_t char_count(std::string_view text);

/// Ruby's #to_s of the value as Puppet hands it to Ruby: "" for undef, inspect for collections.
std::string ruby_to_s(const Value& value);

}  // namespace marionette::compiler
