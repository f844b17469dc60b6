#include "server/compile_server_identity.hpp"

#include <stdexcept>

namespace marionette::server {

ca::HostFiles compile_server_identity(const std::filesystem::path& ssldir,
                                      const std::string& certname) {
  ca::HostFiles host{ssldir, certname};
  for (const std::filesystem::path& needed :
       {host.private_key(), host.certificate(), host.ca_certificate(), host.crl()}) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(needed, error))
      throw std::runtime_error("A server without a CA needs " + needed.string() +
                               ": get its certificate from the CA server first (`marionette ca "
                               "generate --certname " +
                               certname + "` there, or an agent run against it)");
  }
  return host;
}

}  // namespace marionette::server
