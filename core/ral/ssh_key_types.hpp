#pragma once

#include <string>

namespace marionette::ral {

/// The key type as ssh writes it: "rsa" is "ssh-rsa", "dsa" "ssh-dss", ... (Puppet's aliases).
inline std::string canonical_key_type(const std::string& type) {
  if (type == "dsa") return "ssh-dss";
  if (type == "ed25519") return "ssh-ed25519";
  if (type == "rsa") return "ssh-rsa";
  if (type == "ecdsa-sk") return "sk-ecdsa-sha2-nistp256@openssh.com";
  if (type == "ed25519-sk") return "sk-ssh-ed25519@openssh.com";
  return type;
}

}  // namespace marionette::ral
