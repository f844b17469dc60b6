#pragma once

// One input of the CSR reader's fuzzer (csr_fuzzer.cpp), shared with the normal build's test
// of its seeds (tests/ca/csr_seeds_test.cpp). The first byte chooses: bit 0 set, the rest is DER
// that is wrapped in PEM here (so that mutations reach the ASN.1 reader), else the rest is the
// PEM text as a node PUTs it; bit 1, allow-authorization-extensions; bit 2,
// allow-subject-alt-names. The request is read for its own CN and for a fixed name, checked as
// puppetserver checks it and, when it passes, issued by a CA made once. Any input must end in a
// certificate or a CaError: never a crash, a leak or a sanitizer report.

#include <openssl/err.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "ca/certificate_signing.hpp"
#include "ca/csr_policy.hpp"
#include "ca/openssl_handles.hpp"

namespace marionette::ca::fuzzing {

/// What the input came to: 0 refused, 1 read but not signable, 2 issued (for the seeds' test).
inline int read_csr_input(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static KeyPtr ca_key = generate_rsa_key(2048);
  static X509Ptr ca_certificate =
      make_ca_certificate(ca_key.get(), "Puppet CA: fuzz", std::chrono::hours(1));
  std::string pem;
  if (data[0] & 1) {
    BioPtr out(BIO_new(BIO_s_mem()));
    PEM_write_bio(out.get(), "CERTIFICATE REQUEST", "", data + 1, static_cast<long>(size - 1));
    char* text = nullptr;
    long length = BIO_get_mem_data(out.get(), &text);
    pem.assign(text, static_cast<std::size_t>(length));
  } else {
    pem.assign(reinterpret_cast<const char*>(data) + 1, size - 1);
  }
  CaOptions options;
  options.allow_authorization_extensions = data[0] & 2;
  options.allow_subject_alt_names = data[0] & 4;
  int outcome = 0;
  std::string own_name;
  if (X509ReqPtr any = request_from_pem(pem))
    own_name = common_name(X509_REQ_get_subject_name(any.get()));
  for (const std::string& name : {own_name, std::string("agent.test")}) {
    try {
      X509ReqPtr request = read_request(name, pem);
      outcome = std::max(outcome, 1);
      check_signable(request.get(), name, options);
      X509Ptr certificate =
          issue_certificate(request.get(), name, ca_certificate.get(), ca_key.get(), 2,
                            requested_alt_names(request.get()), std::chrono::hours(1));
      if (certificate) outcome = 2;
    } catch (const CaError&) {
    }
  }
  ERR_clear_error();
  return outcome;
}

}  // namespace marionette::ca::fuzzing
