#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"

/// Reading resource parameters as catalog JSON holds them (strings, numbers, booleans, arrays).
namespace marionette::ral::params {

/// A scalar as text: strings as they are, numbers and booleans printed; absent when unset/null.
std::optional<std::string> text(const catalog::Resource& resource, const std::string& name);
/// A scalar or an array of scalars (nested arrays flattened), as texts.
std::vector<std::string> texts(const catalog::Resource& resource, const std::string& name);
/// true/false, also as the strings "true"/"false"; nothing when unset or not a boolean.
std::optional<bool> boolean(const catalog::Resource& resource, const std::string& name);
/// A Puppet::Parameter::Boolean: true/false/yes/no (booleans or strings), `fallback` when unset;
/// false with Puppet's "Parameter NAME failed on REF: Invalid value …" in `error` otherwise.
bool boolean_parameter(const catalog::Resource& resource, const std::string& name, bool fallback,
                       bool& value, std::string& error);
/// Puppet's "Parameter NAME failed on REF: REASON".
std::string parameter_error(const catalog::Resource& resource, const std::string& parameter,
                            const std::string& reason);
/// A value printed as Puppet prints it in messages (strings bare, others as JSON).
std::string display(const catalog::Data& value);

}  // namespace marionette::ral::params
