#pragma once

#include <optional>
#include <string>

namespace marionette::ca {

/// Puppet's short names of its registered certificate extensions, by OID (pp_role for
/// 1.3.6.1.4.1.34380.1.1.13); nullptr for others.
const char* puppet_extension_name(const std::string& oid);

/// The OID of one of those short names (csr_attributes.yaml's extension_requests use them);
/// nullopt for a name Puppet does not register.
std::optional<std::string> puppet_extension_oid(const std::string& name);

}  // namespace marionette::ca
