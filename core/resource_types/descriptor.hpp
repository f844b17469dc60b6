#pragma once

#include <string_view>
#include <vector>

/// What a resource type is, described once: the compiler's known types, the RAL's registry,
/// the catalog summary and `marionette resource` all read these descriptors. Each type has one
/// file in descriptors/ (NAME.cpp defining `Descriptor describe_NAME()`); CMake lists them, so a
/// new type is its descriptor and its provider file (core/ral/NAME_type.cpp) and nothing else.
namespace marionette::resource_types {

/// Where the compiler learns the type from.
enum class Origin {
  core,    ///< one of Puppet 7's built-in types: known to the compiler without any module
  module,  ///< a module's type (lib/puppet/type/NAME.rb, read by the compiler from the
           ///< module path); marionette only applies it natively
};

/// A title pattern of a type with several key attributes: a Ruby regex whose groups set, in
/// order, the key attributes named by `captures`.
struct TitlePattern {
  std::string_view regex;
  std::vector<std::string_view> captures{};
};

/// Every member has a default, so that a descriptor names only what it sets
/// (`{.name = "zone"}`).
struct Descriptor {
  std::string_view name;  ///< lower-case: "file", "exec", "ini_setting"
  Origin origin = Origin::core;
  /// Parameters and properties the type accepts (metaparameters aside); empty: not listed, any
  /// attribute is accepted.
  std::vector<std::string_view> attributes{};
  /// The properties that make a resource count as managed in resources.txt (Puppet's
  /// newproperty and ensure); empty: every resource of the type counts (a property of it has a
  /// default: exec's returns, notify's message).
  std::vector<std::string_view> properties{};
  /// The attribute a title stands for; the catalog leaves it out when it equals the title.
  std::string_view namevar = "name";
  /// Several key attributes (a composite namevar, sshkey's name and type); empty: the namevar.
  std::vector<std::string_view> key_attributes{};
  std::vector<TitlePattern> title_patterns{};  ///< with key_attributes: how a title maps on them
  /// Puppet's `instances`: `marionette resource TYPE` lists the node's resources of the type
  /// (its provider file gives the lister).
  bool lists_instances = false;
};

/// Every described type, sorted by name.
const std::vector<Descriptor>& all();

/// The type named `name` (lower-case); nullptr when none is described.
const Descriptor* find(std::string_view name);

}  // namespace marionette::resource_types
