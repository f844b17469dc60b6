#pragma once

#include <map>
#include <string>
#include <vector>

#include "ca/openssl_handles.hpp"

namespace marionette::remote {

/// What a host's certificate request carries besides its name, as Puppet's agent makes it:
/// dns_alt_names ("a, IP:1.2.3.4"; the certname is added) and csr_attributes.yaml's
/// custom_attributes (CSR attributes, as PrintableString) and extension_requests (extensions,
/// as UTF8String; pp_* short names or dotted OIDs).
struct RequestContents {
  std::string dns_alt_names;
  std::map<std::string, std::string> custom_attributes;
  std::map<std::string, std::string> extension_requests;
};

/// The CSR for CN=`certname` signed by `key` (SHA-256). Throws ca::CaError with Puppet's words
/// for an attribute or extension it may not carry.
ca::X509ReqPtr make_certificate_request(const std::string& certname, EVP_PKEY* key,
                                        const RequestContents& contents);

/// csr_attributes.yaml: {custom_attributes: {OID: value}, extension_requests: {OID: value}};
/// an absent file is empty. Throws ca::CaError with Puppet's words when it is not that shape.
RequestContents read_csr_attributes(const std::string& path);

}  // namespace marionette::remote
