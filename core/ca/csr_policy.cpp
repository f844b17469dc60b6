#include "ca/csr_policy.hpp"

#include <openssl/err.h>

#include <vector>

#include "ca/certificate_signing.hpp"

namespace marionette::ca {

namespace {

constexpr const char* kRegisteredArc = "1.3.6.1.4.1.34380.1.1";
constexpr const char* kPrivateArc = "1.3.6.1.4.1.34380.1.2";
constexpr const char* kAuthorizationArc = "1.3.6.1.4.1.34380.1.3";
constexpr const char* kCliAuthOid = "1.3.6.1.4.1.34380.1.3.39";

bool under_arc(const std::string& oid, const std::string& arc) {
  return oid.size() > arc.size() + 1 && oid.compare(0, arc.size(), arc) == 0 &&
         oid[arc.size()] == '.';
}

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/// Java's String.split on "." as puppetserver splits a subject: trailing empty labels dropped.
std::vector<std::string> labels_of(const std::string& subject) {
  std::vector<std::string> labels;
  std::size_t start = 0;
  while (true) {
    std::size_t dot = subject.find('.', start);
    labels.push_back(subject.substr(start, dot == std::string::npos ? dot : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  while (!labels.empty() && labels.back().empty()) labels.pop_back();
  return labels;
}

/// One label: [alnum-_]* ending with [alnum_].
bool valid_label(const std::string& label) {
  if (label.empty()) return false;
  for (char c : label)
    if (!is_alnum(c) && c != '-' && c != '_') return false;
  return label.back() != '-';
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

std::vector<std::string> extension_oids(X509_REQ* request) {
  std::vector<std::string> oids;
  ExtensionsPtr requested(X509_REQ_get_extensions(request));
  ERR_clear_error();
  for (int i = 0; requested && i < sk_X509_EXTENSION_num(requested.get()); ++i) {
    char text[128];
    OBJ_obj2txt(text, sizeof text,
                X509_EXTENSION_get_object(sk_X509_EXTENSION_value(requested.get(), i)), 1);
    oids.emplace_back(text);
  }
  return oids;
}

const char* const kRestart =
    " Then restart the puppetserver and try signing this certificate again.";

}  // namespace

void validate_subject(const std::string& hostname, const std::string& subject) {
  if (hostname != subject)
    throw CaError("Instance name \"" + subject + "\" does not match requested key \"" + hostname +
                  "\"");
  for (char c : hostname)
    if (c >= 'A' && c <= 'Z') throw CaError("Certificate names must be lower case.");
  if (subject.find('*') != std::string::npos)
    throw CaError("Subject contains a wildcard, which is not allowed: " + subject);
  const CaError invalid("Subject hostname format is invalid");
  if (!subject.empty() && subject.back() == '-') throw invalid;
  std::vector<std::string> labels = labels_of(subject);
  if (labels.empty() || labels.front().empty() ||
      !(is_alnum(labels.front().front()) || labels.front().front() == '_'))
    throw invalid;
  for (const std::string& label : labels)
    if (!valid_label(label)) throw invalid;
  if (subject == "ca")
    throw CaError(
        "The certname \"ca\" is reserved for the CA's own certificate and can't be "
        "used for a node");
}

bool is_authorization_extension(const std::string& oid) {
  return under_arc(oid, kAuthorizationArc);
}

bool is_signable_extension(const std::string& oid) {
  if (oid == "2.5.29.17") return true;  // subjectAltName
  if (oid == kCliAuthOid) return false;
  return under_arc(oid, kRegisteredArc) || under_arc(oid, kPrivateArc) ||
         under_arc(oid, kAuthorizationArc);
}

X509ReqPtr read_request(const std::string& name, const std::string& pem) {
  X509ReqPtr request = request_from_pem(pem);
  if (!request) {
    validate_subject(name, name);  // a name that goes into no message unchecked
    throw CaError("Could not read the certificate request of " + name);
  }
  validate_subject(name, common_name(X509_REQ_get_subject_name(request.get())));
  return request;
}

void check_signable(X509_REQ* request, const std::string& name, const CaOptions& options,
                    bool alt_names_granted) {
  std::vector<std::string> alt_names = requested_alt_names(request);
  if (!alt_names.empty() && !options.allow_subject_alt_names && !alt_names_granted &&
      !(alt_names.size() == 1 && alt_names.front() == "DNS:" + name)) {
    // puppetserver lists the addresses first, then the DNS names, without DNS:NAME.
    std::vector<std::string> extra;
    for (const char* kind : {"IP:", "DNS:"})
      for (const std::string& alt : alt_names)
        if (alt.rfind(kind, 0) == 0 && alt != "DNS:" + name) extra.push_back(alt);
    throw CaError("CSR '" + name + "' contains extra subject alternative names (" + joined(extra) +
                  "), which are disallowed. To allow subject alternative names, set "
                  "allow-subject-alt-names to true in your ca.conf file." +
                  kRestart);
  }
  std::vector<std::string> oids = extension_oids(request);
  if (!options.allow_authorization_extensions)
    for (const std::string& oid : oids)
      if (is_authorization_extension(oid))
        throw CaError("CSR '" + name +
                      "' contains an authorization extension, which is disallowed. To allow "
                      "authorization extensions, set allow-authorization-extensions to true in "
                      "your ca.conf file." +
                      kRestart);
  std::vector<std::string> refused;
  for (const std::string& oid : oids)
    if (!is_signable_extension(oid)) refused.push_back(oid);
  if (!refused.empty())
    throw CaError("Found extensions that are not permitted: " + joined(refused));
  KeyPtr key(X509_REQ_get_pubkey(request));
  if (!key || X509_REQ_verify(request, key.get()) != 1) {
    ERR_clear_error();
    throw CaError("CSR contains a public key that does not correspond to the signing key");
  }
}

}  // namespace marionette::ca
