#pragma once

// What puppetserver 7 checks in a certificate request before it stores it and before it signs
// it (its certificate_authority.clj: validate-subject!, ensure-subject-alt-names-allowed!,
// ensure-no-authorization-extensions!, validate-extensions!, validate-csr-signature!), with its
// words. Internal to core/ca; the CSR reader that the fuzzer drives (tests/fuzz/csr_fuzzer.cpp).

#include <string>

#include "ca/certificate_authority.hpp"
#include "ca/openssl_handles.hpp"

namespace marionette::ca {

/// The certname a request may be stored under: `subject` (the request's CN) equal to
/// `hostname` (the name asked for), lower case, no wildcard, dot-separated labels of letters,
/// digits, '-' and '_' (a label ends with a letter, a digit or '_'), and not `ca` (reserved for
/// the CA's own certificate, which /certificate/ca serves). Throws CaError with puppetserver's
/// words.
void validate_subject(const std::string& hostname, const std::string& subject);

/// Under Puppet's authorization arc (ppAuthCertExt, 1.3.6.1.4.1.34380.1.3.*).
bool is_authorization_extension(const std::string& oid);
/// What puppetserver signs from a request: subjectAltName, the registered (…1.1.*), private
/// (…1.2.*) and authorization (…1.3.*) arcs, except pp_cli_auth (…1.3.39), which it reserves
/// for the certificates that administer the CA.
bool is_signable_extension(const std::string& oid);

/// Reads `pem` as a request for `name`, its subject checked by validate_subject; CaError when
/// it is not a request ("Could not read the certificate request of NAME", or the name's own
/// fault first) or its subject is refused.
X509ReqPtr read_request(const std::string& name, const std::string& pem);

/// Throws CaError, with puppetserver's words, unless `request` may be signed for `name` under
/// `options`: alt names other than DNS:NAME need allow_subject_alt_names (unless
/// `alt_names_granted`, an operator's explicit choice), an authorization extension needs
/// allow_authorization_extensions, every extension must be signable, the signature must match
/// the key.
void check_signable(X509_REQ* request, const std::string& name, const CaOptions& options,
                    bool alt_names_granted = false);

}  // namespace marionette::ca
