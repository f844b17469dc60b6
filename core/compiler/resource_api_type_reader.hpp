#pragma once

#include <memory>
#include <string>
#include <vector>

#include "compiler/ruby_type_reader.hpp"
#include "rubyish/tokens.hpp"

namespace marionette::compiler {

/// Whether a type file registers its type through the Resource API
/// (`Puppet::ResourceApi.register_type(...)`) rather than Puppet's type DSL.
bool registers_resource_api_type(const std::vector<rubyish::RubyToken>& tokens);

/// Reads a Resource API type without Ruby: the literal hash given to `register_type`, its
/// `name:`, its `attributes:` (each attribute's `behaviour: :namevar` makes a namevar), its
/// `title_patterns:` (`{pattern: %r{...(?<attribute>...)...}}`, each named group setting that
/// attribute, as the Resource API hands them to Puppet) and `features:` (custom_insync without
/// an attribute that is a plain property adds the Resource API's hidden property). A type
/// registered so has no `provider` parameter. What is not a literal throws lang::SourceError at
/// its place in the file.
ResourceTypeDefinition read_resource_api_type(std::shared_ptr<const lang::SourceFile> source,
                                              const std::string& type_name,
                                              std::vector<rubyish::RubyToken> tokens);

}  // namespace marionette::compiler
