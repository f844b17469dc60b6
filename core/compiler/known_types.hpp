#pragma once

#include <string_view>

namespace marionette::compiler {

/// Is this (lowercase) name a resource type built into Puppet (file, package, exec, ...)?
bool is_builtin_type(std::string_view name);

/// Metaparameters, valid on every resource: before, require, notify, subscribe, tag, ...
bool is_metaparameter(std::string_view name);

/// Does the built-in type accept the attribute? True for types whose attributes we do not list.
bool accepts_attribute(std::string_view type, std::string_view attribute);

/// accepts_attribute for one type's many attributes, the type looked up once.
class AttributeCheck {
 public:
  explicit AttributeCheck(std::string_view type);
  bool accepts(std::string_view attribute) const;

 private:
  const void* entry_;  ///< the type's entry in the table; nullptr: any attribute is accepted
};

}  // namespace marionette::compiler
