// stdlib's validate_x509_rsa_key_pair(cert, key): fails unless the PEM certificate's signature
// verifies with the RSA key, as OpenSSL's X509#verify(key) decides. A certificate signed by a CA
// fails with its own key: only the key that signed it (a self-signed certificate's own) passes.
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/functions/x509_reader.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;

Value validate_x509_rsa_key_pair(CallContext& call) {
  std::vector<Value> args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call, "validate_x509_rsa_key_pair(): wrong number of arguments (" +
                    std::to_string(args.size()) + "; must be 2)");
  for (const Value& arg : args)
    if (!arg.is_string()) raise(call, ruby_inspect(arg) + " is not a string.");
  std::optional<x509::Certificate> certificate;
  if (std::optional<std::string> der = x509::pem_block(args[0].string(), "CERTIFICATE"))
    certificate = x509::read_certificate(*der);
  if (!certificate) raise(call, "Not a valid x509 certificate: PEM_read_bio_X509: no start line");
  std::optional<x509::RsaPublicKey> key = x509::read_rsa_key(args[1].string());
  if (!key) raise(call, "Not a valid RSA key: Neither PUB key nor PRIV key: unsupported");
  bool verified =
      certificate->rsa_digest &&
      digest::rsa_signature_matches(key->modulus, key->exponent, *certificate->rsa_digest,
                                    certificate->signed_part, certificate->signature);
  if (!verified) raise(call, "Certificate signature does not match supplied key");
  return Value();
}

}  // namespace

void register_stdlib_x509_function(FunctionTable& table) {
  table.emplace_back("validate_x509_rsa_key_pair", validate_x509_rsa_key_pair);
}

}  // namespace marionette::compiler
