#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace marionette::ca {

/// Where a CA keeps its files: puppetserver's layout under SSLDIR/ca (Puppet 7's cadir).
struct CaLayout {
  std::filesystem::path dir;  ///< SSLDIR/ca
  std::filesystem::path certificate() const { return dir / "ca_crt.pem"; }
  std::filesystem::path private_key() const { return dir / "ca_key.pem"; }
  std::filesystem::path public_key() const { return dir / "ca_pub.pem"; }
  std::filesystem::path crl() const { return dir / "ca_crl.pem"; }
  std::filesystem::path serial() const { return dir / "serial"; }
  std::filesystem::path inventory() const { return dir / "inventory.txt"; }
  std::filesystem::path signed_dir() const { return dir / "signed"; }
  std::filesystem::path requests_dir() const { return dir / "requests"; }
  std::filesystem::path lock() const { return dir / ".lock"; }
  std::filesystem::path signed_certificate(const std::string& name) const {
    return signed_dir() / (name + ".pem");
  }
  std::filesystem::path request(const std::string& name) const {
    return requests_dir() / (name + ".pem");
  }
};

struct CaOptions {
  int key_bits = 4096;                             ///< Puppet's keylength
  std::chrono::seconds ttl{5L * 365 * 24 * 3600};  ///< Puppet's ca_ttl (5y)
  bool allow_subject_alt_names = false;            ///< puppetserver's allow-subject-alt-names
  /// puppetserver's allow-authorization-extensions: sign requests with extensions under
  /// ppAuthCertExt (1.3.6.1.4.1.34380.1.3.*), pp_cli_auth excepted (never signed from a request)
  bool allow_authorization_extensions = false;
};

/// One certificate or request as `ca list` shows it.
struct CertificateEntry {
  std::string name;
  enum class State { requested, signed_, revoked } state;
  std::string fingerprint;             ///< SHA-256, colon-separated hex
  std::vector<std::string> alt_names;  ///< "DNS:puppet", "IP:127.0.0.1"
  long serial = 0;                     ///< 0 for a request
};

/// Puppet's certificate authority on disk. Every change is made under SSLDIR/ca/.lock (flock),
/// so several servers and `marionette ca` may share one ssldir; files are replaced atomically.
/// Failures throw CaError (ca/openssl_handles.hpp) with puppetserver's wording where it has one.
class CertificateAuthority {
 public:
  CertificateAuthority(std::filesystem::path ssldir, CaOptions options = {});

  const CaLayout& layout() const { return layout_; }
  bool exists() const;
  /// Makes the CA (key, self-signed certificate "Puppet CA: NAME", empty CRL, serial,
  /// inventory) when SSLDIR/ca has none; true when it did.
  bool create_if_missing(const std::string& ca_name);

  std::string certificate_pem() const;
  std::string crl_pem() const;

  /// Stores a CSR for `name` after checking it as puppetserver does (PEM, CN == name and a
  /// certname it accepts, signature, no signed certificate for the name yet). Replaces an
  /// earlier request.
  void save_request(const std::string& name, const std::string& pem);
  std::optional<std::string> request_pem(const std::string& name) const;
  std::optional<std::string> signed_pem(const std::string& name) const;

  /// Signs the pending request of `name` after puppetserver's checks (ca/csr_policy.hpp):
  /// returns the certificate's PEM, subject CN=`name`.
  std::string sign(const std::string& name);
  /// Signs a new key pair for `name` (`ca generate`): the key's and the certificate's PEM.
  /// `ca_client`: with pp_cli_auth "true", a certificate that may administer the CA through
  /// certificate_status (the server's own; puppetserver ca generate --ca-client).
  std::pair<std::string, std::string> generate(const std::string& name,
                                               const std::vector<std::string>& alt_names,
                                               bool ca_client = false);
  /// As generate, for a key made beforehand (its PEM, `key_bits()` long): the server's own,
  /// made on another thread while the CA made its key (ensure_server_identity).
  std::pair<std::string, std::string> generate_for_key(const std::string& name,
                                                       const std::vector<std::string>& alt_names,
                                                       const std::string& key_pem,
                                                       bool ca_client = false);
  int key_bits() const { return options_.key_bits; }
  /// Adds the signed certificate of `name` to the CRL; false when there is none.
  bool revoke(const std::string& name);
  /// Revokes (when signed) and deletes the certificate and request of `name`; false when
  /// there was neither.
  bool clean(const std::string& name);

  std::vector<CertificateEntry> list() const;
  /// The serials in the CRL.
  std::vector<long> revoked_serials() const;

 private:
  std::string sign_locked(const std::string& name, const std::string& request_pem,
                          const std::vector<std::string>& extra_alt_names, bool ca_client);
  void revoke_serial_locked(long serial);

  CaLayout layout_;
  CaOptions options_;
};

/// A certname as Puppet accepts it: lower-case letters, digits, '-', '_', '.', not empty, not
/// starting with '.' (Puppet's valid_certname). Throws CaError otherwise.
void check_certname(const std::string& name);

}  // namespace marionette::ca
