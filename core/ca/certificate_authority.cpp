#include "ca/certificate_authority.hpp"

#include <fcntl.h>
#include <openssl/err.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "ca/certificate_signing.hpp"
#include "ca/csr_policy.hpp"
#include "ca/openssl_handles.hpp"
#include "storage/durable_file.hpp"
#include "storage/state_lock.hpp"
#include "text/time_text.hpp"

namespace marionette::ca {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> read_text(const fs::path& path) {
  std::error_code ignored;
  if (!fs::exists(path, ignored)) return std::nullopt;
  std::string text, error;
  if (!storage::read_file(path, &text, &error))
    throw CaError("cannot read " + path.string() + ": " + error);
  return text;
}

std::string must_read(const fs::path& path) {
  auto text = read_text(path);
  if (!text) throw CaError("cannot read " + path.string() + ": it does not exist");
  return *text;
}

void write_text(const fs::path& path, const std::string& text) {
  std::string error;
  if (!storage::write_file_atomically(path, text, &error))
    throw CaError("cannot write " + path.string() + ": " + error);
}

/// A file only its owner may read, created once (private keys).
void write_private(const fs::path& path, const std::string& text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw CaError("cannot create " + path.string());
  bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ok = ::fsync(fd) == 0 && ok;
  ::close(fd);
  if (!ok) throw CaError("cannot write " + path.string());
}

void make_dir(const fs::path& dir, fs::perms perms) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw CaError("cannot create " + dir.string() + ": " + error.message());
  fs::permissions(dir, perms, error);
}

/// The times of puppetserver's inventory.txt.
constexpr const char* kIndexTime = "%Y-%m-%dT%H:%M:%SUTC";

std::time_t asn1_time(const ASN1_TIME* time) {
  std::tm tm{};
  ASN1_TIME_to_tm(time, &tm);
  return timegm(&tm);
}

/// puppetserver's inventory line: "0x0002 NOT_BEFORE NOT_AFTER /CN=name".
std::string inventory_line(X509* certificate, const std::string& name) {
  char serial[32];
  std::snprintf(serial, sizeof serial, "0x%04lx",
                ASN1_INTEGER_get(X509_get0_serialNumber(certificate)));
  return std::string(serial) + " " +
         text::utc_time_text(asn1_time(X509_get0_notBefore(certificate)), kIndexTime) + " " +
         text::utc_time_text(asn1_time(X509_get0_notAfter(certificate)), kIndexTime) +
         " /CN=" + name;
}

}  // namespace

void check_certname(const std::string& name) {
  if (name.empty() || name.size() > 255 || name == "." || name == "..")
    throw CaError("Certname \"" + name + "\" is not valid");
  for (char c : name) {
    if (c < ' ' || c > '~' || c == '/')
      throw CaError("Certname " + name + " must not contain unprintable or non-ASCII characters");
    if (c >= 'A' && c <= 'Z') throw CaError("Certificate names must be lower case");
  }
}

CertificateAuthority::CertificateAuthority(fs::path ssldir, CaOptions options)
    : layout_{std::move(ssldir) / "ca"}, options_(options) {}

bool CertificateAuthority::exists() const {
  std::error_code ignored;
  return fs::exists(layout_.certificate(), ignored) && fs::exists(layout_.private_key(), ignored);
}

bool CertificateAuthority::create_if_missing(const std::string& ca_name) {
  make_dir(layout_.dir, fs::perms::owner_all);
  storage::StateLock lock(layout_.lock());
  if (exists()) return false;
  make_dir(layout_.signed_dir(),
           fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  make_dir(layout_.requests_dir(),
           fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  KeyPtr key = generate_rsa_key(options_.key_bits);
  X509Ptr certificate = make_ca_certificate(key.get(), ca_name, options_.ttl);
  X509CrlPtr crl = make_crl(certificate.get(), key.get(), {}, 0, options_.ttl);
  std::error_code ignored;
  fs::remove(layout_.private_key(), ignored);  // a key without its certificate is useless
  write_private(layout_.private_key(), private_pem_of(key.get()));
  write_text(layout_.public_key(), public_pem_of(key.get()));
  write_text(layout_.crl(), pem_of(crl.get()));
  write_text(layout_.serial(), "0002\n");
  write_text(layout_.inventory(), inventory_line(certificate.get(), ca_name) + "\n");
  write_text(layout_.certificate(), pem_of(certificate.get()));  // last: the CA now exists
  return true;
}

std::string CertificateAuthority::certificate_pem() const {
  return must_read(layout_.certificate());
}

std::string CertificateAuthority::crl_pem() const {
  return must_read(layout_.crl());
}

std::optional<std::string> CertificateAuthority::request_pem(const std::string& name) const {
  check_certname(name);
  return read_text(layout_.request(name));
}

std::optional<std::string> CertificateAuthority::signed_pem(const std::string& name) const {
  check_certname(name);
  return read_text(layout_.signed_certificate(name));
}

void CertificateAuthority::save_request(const std::string& name, const std::string& pem) {
  X509ReqPtr request = read_request(name, pem);
  KeyPtr key(X509_REQ_get_pubkey(request.get()));
  if (!key || X509_REQ_verify(request.get(), key.get()) != 1) {
    ERR_clear_error();
    throw CaError("CSR contains a public key that does not correspond to the signing key");
  }
  storage::StateLock lock(layout_.lock());
  if (auto existing = read_text(layout_.signed_certificate(name))) {
    X509Ptr certificate = certificate_from_pem(*existing);
    long serial = certificate ? ASN1_INTEGER_get(X509_get0_serialNumber(certificate.get())) : 0;
    std::vector<long> revoked = revoked_serials();
    bool is_revoked = std::find(revoked.begin(), revoked.end(), serial) != revoked.end();
    throw CaError(name + " already has a " + (is_revoked ? "revoked" : "signed") +
                  " certificate; ignoring certificate request");
  }
  write_text(layout_.request(name), pem);
}

std::string CertificateAuthority::sign(const std::string& name) {
  check_certname(name);
  storage::StateLock lock(layout_.lock());
  auto request = read_text(layout_.request(name));
  if (!request) throw CaError("Could not find certificate request for " + name);
  return sign_locked(name, *request, {}, false);
}

std::string CertificateAuthority::sign_locked(const std::string& name,
                                              const std::string& request_text,
                                              const std::vector<std::string>& extra_alt_names,
                                              bool ca_client) {
  X509ReqPtr request = read_request(name, request_text);
  check_signable(request.get(), name, options_, !extra_alt_names.empty());
  std::vector<std::string> alt_names = requested_alt_names(request.get());
  for (const std::string& alt : extra_alt_names)
    if (std::find(alt_names.begin(), alt_names.end(), alt) == alt_names.end())
      alt_names.push_back(alt);
  if (!alt_names.empty() &&
      std::find(alt_names.begin(), alt_names.end(), "DNS:" + name) == alt_names.end())
    alt_names.insert(alt_names.begin(), "DNS:" + name);  // as puppetserver: the name is one

  X509Ptr ca_certificate = certificate_from_pem(must_read(layout_.certificate()));
  KeyPtr ca_key = private_key_from_pem(must_read(layout_.private_key()));
  if (!ca_certificate || !ca_key) throw CaError("cannot read the CA's certificate and key");
  std::string serial_text = must_read(layout_.serial());
  long serial = std::strtol(serial_text.c_str(), nullptr, 16);
  if (serial <= 0) throw CaError("the serial file " + layout_.serial().string() + " is damaged");
  X509Ptr certificate = issue_certificate(request.get(), name, ca_certificate.get(), ca_key.get(),
                                          serial, alt_names, options_.ttl, ca_client);
  char next[32];
  std::snprintf(next, sizeof next, "%04lX\n", serial + 1);
  write_text(layout_.serial(), next);
  std::string pem = pem_of(certificate.get());
  write_text(layout_.signed_certificate(name), pem);
  std::string error;
  if (!storage::append_record(layout_.inventory(), inventory_line(certificate.get(), name), &error))
    throw CaError("cannot write " + layout_.inventory().string() + ": " + error);
  std::error_code ignored;
  fs::remove(layout_.request(name), ignored);
  return pem;
}

std::pair<std::string, std::string> CertificateAuthority::generate(
    const std::string& name, const std::vector<std::string>& alt_names, bool ca_client) {
  check_certname(name);
  storage::StateLock lock(layout_.lock());
  std::error_code ignored;
  if (fs::exists(layout_.signed_certificate(name), ignored))
    throw CaError(name + " already has a signed certificate");
  KeyPtr key = generate_rsa_key(options_.key_bits);
  X509ReqPtr request = make_request(key.get(), name);
  std::string certificate = sign_locked(name, pem_of(request.get()), alt_names, ca_client);
  return {private_pem_of(key.get()), certificate};
}

std::pair<std::string, std::string> CertificateAuthority::generate_for_key(
    const std::string& name, const std::vector<std::string>& alt_names, const std::string& key_pem,
    bool ca_client) {
  check_certname(name);
  KeyPtr key = private_key_from_pem(key_pem);
  if (!key) throw CaError("cannot read the key made for " + name);
  storage::StateLock lock(layout_.lock());
  std::error_code ignored;
  if (fs::exists(layout_.signed_certificate(name), ignored))
    throw CaError(name + " already has a signed certificate");
  X509ReqPtr request = make_request(key.get(), name);
  std::string certificate = sign_locked(name, pem_of(request.get()), alt_names, ca_client);
  return {key_pem, certificate};
}

bool CertificateAuthority::revoke(const std::string& name) {
  check_certname(name);
  storage::StateLock lock(layout_.lock());
  auto pem = read_text(layout_.signed_certificate(name));
  if (!pem) return false;
  X509Ptr certificate = certificate_from_pem(*pem);
  if (!certificate) throw CaError("cannot read the certificate of " + name);
  revoke_serial_locked(ASN1_INTEGER_get(X509_get0_serialNumber(certificate.get())));
  return true;
}

void CertificateAuthority::revoke_serial_locked(long serial) {
  X509Ptr ca_certificate = certificate_from_pem(must_read(layout_.certificate()));
  KeyPtr ca_key = private_key_from_pem(must_read(layout_.private_key()));
  X509CrlPtr crl = crl_from_pem(must_read(layout_.crl()));
  if (!ca_certificate || !ca_key || !crl) throw CaError("cannot read the CA's files");
  std::vector<RevokedSerial> revoked = revoked_in(crl.get());
  for (const RevokedSerial& entry : revoked)
    if (entry.serial == serial) return;
  revoked.push_back({serial, static_cast<std::int64_t>(std::time(nullptr))});
  X509CrlPtr updated = make_crl(ca_certificate.get(), ca_key.get(), revoked,
                                crl_number(crl.get()) + 1, options_.ttl);
  write_text(layout_.crl(), pem_of(updated.get()));
}

bool CertificateAuthority::clean(const std::string& name) {
  bool revoked = revoke(name);
  storage::StateLock lock(layout_.lock());
  std::error_code ignored;
  bool removed = fs::remove(layout_.signed_certificate(name), ignored);
  removed = fs::remove(layout_.request(name), ignored) || removed;
  return revoked || removed;
}

std::vector<long> CertificateAuthority::revoked_serials() const {
  X509CrlPtr crl = crl_from_pem(must_read(layout_.crl()));
  if (!crl) throw CaError("cannot read " + layout_.crl().string());
  std::vector<long> serials;
  for (const RevokedSerial& entry : revoked_in(crl.get())) serials.push_back(entry.serial);
  return serials;
}

std::vector<CertificateEntry> CertificateAuthority::list() const {
  std::vector<CertificateEntry> entries;
  std::vector<long> revoked = revoked_serials();
  auto names_in = [](const fs::path& dir) {
    std::vector<std::string> names;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(dir, error))
      if (entry.path().extension() == ".pem") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
  };
  for (const std::string& name : names_in(layout_.requests_dir())) {
    auto pem = read_text(layout_.request(name));
    X509ReqPtr request = pem ? request_from_pem(*pem) : nullptr;
    if (!request) continue;
    entries.push_back({name, CertificateEntry::State::requested, sha256_fingerprint(request.get()),
                       requested_alt_names(request.get()), 0});
  }
  for (const std::string& name : names_in(layout_.signed_dir())) {
    auto pem = read_text(layout_.signed_certificate(name));
    X509Ptr certificate = pem ? certificate_from_pem(*pem) : nullptr;
    if (!certificate) continue;
    long serial = ASN1_INTEGER_get(X509_get0_serialNumber(certificate.get()));
    bool is_revoked = std::find(revoked.begin(), revoked.end(), serial) != revoked.end();
    entries.push_back(
        {name, is_revoked ? CertificateEntry::State::revoked : CertificateEntry::State::signed_,
         sha256_fingerprint(certificate.get()), certificate_alt_names(certificate.get()), serial});
  }
  return entries;
}

}  // namespace marionette::ca
