// The CA's endpoints (/puppet-ca/v1/…), as puppetserver answers them.
#include <nlohmann/json.hpp>

#include "ca/openssl_handles.hpp"
#include "server/api.hpp"

namespace marionette::server {

namespace {

const char* state_name(ca::CertificateEntry::State state) {
  switch (state) {
    case ca::CertificateEntry::State::requested: return "requested";
    case ca::CertificateEntry::State::signed_: return "signed";
    case ca::CertificateEntry::State::revoked: return "revoked";
  }
  return "";
}

HttpResponse pem_response(const std::string& pem) { return {200, "text/plain", pem, {}}; }

/// One certificate_status object as puppetserver writes it.
nlohmann::ordered_json status_of(const ca::CertificateEntry& entry) {
  nlohmann::ordered_json status;
  status["name"] = entry.name;
  status["state"] = state_name(entry.state);
  status["fingerprint"] = entry.fingerprint;
  status["fingerprints"] = {{"SHA256", entry.fingerprint}, {"default", entry.fingerprint}};
  nlohmann::ordered_json dns = nlohmann::ordered_json::array();
  for (const std::string& alt : entry.alt_names)
    if (alt.rfind("DNS:", 0) == 0) dns.push_back(alt);
  status["dns_alt_names"] = dns;
  status["subject_alt_names"] = entry.alt_names;
  if (entry.serial) status["serial_number"] = entry.serial;
  return status;
}

}  // namespace

// certificate_status PUT as puppetserver's liberator resource answers it: a malformed body
// 400, a name with neither request nor certificate 404, a state it cannot reach 409 (a request
// that fails puppetserver's checks included), done 204.
HttpResponse Api::set_certificate_status(const HttpRequest& request, const std::string& name) {
  if (request.body.empty()) return text_response(400, "Empty request body.");
  nlohmann::json body = nlohmann::json::parse(request.body, nullptr, false);
  if (body.is_discarded() || !body.is_object())
    return text_response(400, "Request body is not JSON.");
  if (!body.contains("desired_state") || body["desired_state"].is_null())
    return text_response(400, "Missing required parameter \"desired_state\"");
  std::string desired = body["desired_state"].is_string() ? body["desired_state"].get<std::string>()
                                                          : body["desired_state"].dump();
  if (desired != "signed" && desired != "revoked")
    return text_response(400, "State " + desired +
                                  " invalid; Must specify desired state of 'signed' or 'revoked' "
                                  "for host " +
                                  name + ".");
  const bool has_request = ca_.request_pem(name).has_value();
  const bool has_certificate = ca_.signed_pem(name).has_value();
  if (!has_request && !has_certificate) return text_response(404, "Invalid certificate subject.");
  if (desired == "signed") {
    if (!has_request)
      return text_response(
          409, "Cannot sign certificate for host " + name + " without a certificate request");
    try {
      ca_.sign(name);
    } catch (const ca::CaError& e) {
      return text_response(409, e.what());
    }
  } else if (!has_certificate || !ca_.revoke(name)) {
    return text_response(
        409, "Cannot revoke certificate for host " + name + " without a signed certificate");
  }
  return text_response(204, "");
}

HttpResponse Api::ca_endpoint(const HttpRequest& request, const std::string& rest) {
  std::size_t slash = rest.find('/');
  if (slash == std::string::npos) return text_response(404, "Not Found");
  const std::string kind = rest.substr(0, slash);
  const std::string name = rest.substr(slash + 1);
  try {
    if (kind == "certificate" && request.method == "GET") {
      if (name == "ca") return pem_response(ca_.certificate_pem());
      auto pem = ca_.signed_pem(name);
      if (!pem) return text_response(404, "Could not find certificate " + name);
      return pem_response(*pem);
    }
    if (kind == "certificate_revocation_list" && name == "ca") return pem_response(ca_.crl_pem());
    if (kind == "certificate_request" && request.method == "GET") {
      auto pem = ca_.request_pem(name);
      if (!pem) return text_response(404, "Could not find certificate_request " + name);
      return pem_response(*pem);
    }
    if (kind == "certificate_request" && request.method == "PUT") {
      ca_.save_request(name, request.body);
      if (current()->autosign.allows(name, request.body)) ca_.sign(name);
      return text_response(200, "");
    }
    if (kind == "certificate_status") {
      if (request.method == "DELETE") {
        if (!ca_.clean(name)) return text_response(404, "Invalid certname: " + name);
        return text_response(204, "");
      }
      if (request.method == "PUT") return set_certificate_status(request, name);
      for (const ca::CertificateEntry& entry : ca_.list())
        if (entry.name == name) return {200, "application/json", status_of(entry).dump(), {}};
      return text_response(404, "Invalid certname: " + name);
    }
    // Every request and certificate (what `puppetserver ca list` asks for; the key is ignored).
    if (kind == "certificate_statuses" && request.method == "GET") {
      nlohmann::ordered_json all = nlohmann::ordered_json::array();
      for (const ca::CertificateEntry& entry : ca_.list()) all.push_back(status_of(entry));
      return {200, "application/json", all.dump(), {}};
    }
  } catch (const ca::CaError& e) {
    return text_response(400, e.what());
  }
  return text_response(404, "Not Found");
}

}  // namespace marionette::server
