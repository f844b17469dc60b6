#include "ca/host_identity.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <future>

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
  std::error_code error;
  const bool host_missing =
      !fs::exists(files.certificate(), error) || !fs::exists(files.private_key(), error);
  // On a first start both keys are new: the server's is made on a second thread while the CA
  // makes its own. RSA key generation is most of a first start's time (a search for primes,
  // its length random: 0.1-0.5 s each at 2048 bits here), so the start waits for the longer of
  // the two instead of their sum.
  std::future<std::string> host_key;
  if (host_missing && !ca.exists())
    host_key = std::async(std::launch::async, [bits = ca.key_bits()] {
      return private_pem_of(generate_rsa_key(bits).get());
    });
  ca.create_if_missing("Puppet CA: " + certname);
  if (host_missing) {
    auto [key_pem, certificate_pem] =
        host_key.valid() ? ca.generate_for_key(certname, alt_names, host_key.get(), true)
                         : ca.generate(certname, alt_names, /*ca_client=*/true);
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
