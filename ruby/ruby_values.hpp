#pragma once

#include <ruby.h>

#include <string>
#include <string_view>

namespace marionette::ruby {

/// The Ruby classes the compatibility layer (lib/marionette/puppet_compat.rb) defines for the
/// values that have no Ruby class of their own; looked up once Ruby has loaded the layer.
void bind_value_classes();

/// A Ruby String of UTF-8 text.
VALUE utf8_string(std::string_view text);

/// Wire bytes (value_wire.hpp) to a Ruby value, as Puppet hands values to functions: undef is
/// nil, default is :default, a Sensitive is a Puppet::Pops::Types::PSensitiveType::Sensitive,
/// types, references and rich values are the classes of lib/marionette/puppet_values.rb
/// (PIntegerType, PResourceType, Binary, Timestamp, ...; Marionette::PuppetValue for others). Returns false with `error`
/// set for bytes that do not decode. Must run on Ruby's thread, inside rb_protect.
bool to_ruby(std::string_view bytes, VALUE& out, std::string& error);

/// A function's Ruby result to wire bytes: nil and :undef are undef, other symbols strings, an
/// object that answers wire_name and wire_parameters the value they name.
/// Returns false with `error` naming the Ruby class that has no Puppet value.
bool from_ruby(VALUE value, std::string& out, std::string& error);

}  // namespace marionette::ruby
