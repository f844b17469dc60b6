#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "compiler/ruby_type_reader.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

/// Reads a module's type file by running it in the embedded Ruby (ruby/lib/marionette/
/// type_reader.rb records the type DSL): for the types read_ruby_type cannot read without Ruby,
/// such as title patterns computed by a helper under lib/puppet_x or a method of the type.
/// `load_path` is the modules' lib/ directories, each followed by a NUL. nullopt, with why in
/// `why_not`, when marionette-ruby is not installed or the file fails in Ruby.
std::optional<ResourceTypeDefinition> read_type_in_ruby(
    std::shared_ptr<const lang::SourceFile> source, const std::string& type_name,
    const std::string& load_path, std::string& why_not);

}  // namespace marionette::compiler
