#include "ca/host_identity.hpp"

#include <fcntl.h>
#include <unistd.h>

#include "ca/openssl_handles.hpp"
#include "storage/durable_file.hpp"

namespace marionette::ca {

namespace fs = std::filesystem;

namespace {

std::string trimmed(const std::string& text) {
  auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

}  // namespace

void write_host_file(const fs::path& path, const std::string& text, bool secret) {
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  if (secret) {
    fs::remove(path, error);
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    bool ok = fd >= 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    if (fd >= 0) ::close(fd);
    if (!ok) throw CaError("cannot write " + path.string());
    return;
  }
  std::string why;
  if (!storage::write_file_atomically(path, text, &why))
    throw CaError("cannot write " + path.string() + ": " + why);
}

std::vector<std::string> alt_names_from_setting(const std::string& dns_alt_names,
                                                const std::string& certname) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start <= dns_alt_names.size()) {
    std::size_t comma = dns_alt_names.find(',', start);
    if (comma == std::string::npos) comma = dns_alt_names.size();
    std::string name = trimmed(dns_alt_names.substr(start, comma - start));
    if (!name.empty())
      names.push_back(name.rfind("IP:", 0) == 0 || name.rfind("DNS:", 0) == 0 ? name
                                                                              : "DNS:" + name);
    start = comma + 1;
  }
  if (names.empty()) names = {"DNS:puppet", "DNS:" + certname};
  return names;
}

HostFiles ensure_server_identity(CertificateAuthority& ca, const fs::path& ssldir,
                                 const std::string& certname,
                                 const std::vector<std::string>& alt_names) {
  HostFiles files{ssldir, certname};
  ca.create_if_missing("Puppet CA: " + certname);
  std::error_code error;
  if (!fs::exists(files.certificate(), error) || !fs::exists(files.private_key(), error)) {
    auto [key_pem, certificate_pem] = ca.generate(certname, alt_names, /*ca_client=*/true);
    KeyPtr key = private_key_from_pem(key_pem);
    write_host_file(files.private_key(), key_pem, true);
    write_host_file(files.public_key(), public_pem_of(key.get()), false);
    write_host_file(files.certificate(), certificate_pem, false);
  }
  write_host_file(files.ca_certificate(), ca.certificate_pem(), false);
  write_host_file(files.crl(), ca.crl_pem(), false);
  return files;
}

}  // namespace marionette::ca
