#pragma once

#include <filesystem>
#include <string>

#include "ca/host_identity.hpp"

namespace marionette::server {

/// A compile server's identity (a server without a CA): its key and certificate, signed by the
/// CA server, and the CA's certificate and CRL, in the ssldir as an agent keeps them (made by
/// `puppet agent`/`marionette agent` against the CA server, or copied from `marionette ca
/// generate` there). Throws std::runtime_error naming the first file missing.
ca::HostFiles compile_server_identity(const std::filesystem::path& ssldir,
                                      const std::string& certname);

}  // namespace marionette::server
