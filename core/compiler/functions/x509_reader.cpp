#include "compiler/functions/x509_reader.hpp"

#include <array>
#include <cctype>
#include <utility>

#include "text/base64.hpp"

namespace marionette::compiler::x509 {

namespace {

constexpr unsigned char kInteger = 0x02, kBitString = 0x03, kOctetString = 0x04, kOid = 0x06,
                        kSequence = 0x30;

/// One DER element: its tag, its whole encoding and its content.
struct Element {
  unsigned char tag = 0;
  std::string_view whole;
  std::string_view content;
};

/// Reads DER elements one after another from a byte range.
class DerReader {
 public:
  explicit DerReader(std::string_view bytes) : rest_(bytes) {}

  bool at_end() const { return rest_.empty(); }

  /// The next element, when it has that tag.
  std::optional<Element> next(unsigned char tag) {
    std::optional<Element> element = next_any();
    if (!element || element->tag != tag) return std::nullopt;
    return element;
  }

  std::optional<Element> next_any() {
    if (rest_.size() < 2) return std::nullopt;
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(rest_[i]); };
    unsigned char tag = byte(0);
    if ((tag & 0x1F) == 0x1F) return std::nullopt;  // high tag numbers: not in these structures
    std::size_t length = byte(1), header = 2;
    if (length & 0x80) {
      std::size_t count = length & 0x7F;
      if (count == 0 || count > 4 || rest_.size() < 2 + count) return std::nullopt;
      length = 0;
      for (std::size_t i = 0; i < count; ++i) length = (length << 8) | byte(2 + i);
      header += count;
    }
    if (rest_.size() - header < length) return std::nullopt;
    Element element{tag, rest_.substr(0, header + length), rest_.substr(header, length)};
    rest_.remove_prefix(header + length);
    return element;
  }

 private:
  std::string_view rest_;
};

/// The fields of the SEQUENCE that a DER structure is, when it is one.
std::optional<DerReader> sequence_fields(std::string_view der) {
  DerReader outer(der);
  std::optional<Element> sequence = outer.next(kSequence);
  if (!sequence) return std::nullopt;
  return DerReader(sequence->content);
}

/// An INTEGER's magnitude without the sign byte DER puts before a high first byte.
std::string unsigned_bytes(std::string_view integer) {
  while (integer.size() > 1 && integer.front() == '\0') integer.remove_prefix(1);
  return std::string(integer);
}

/// The OIDs (DER content) of sha*WithRSAEncryption, PKCS #1.
std::optional<digest::Algorithm> rsa_signature_digest(std::string_view oid) {
  static constexpr std::string_view kPkcs1 = "\x2a\x86\x48\x86\xf7\x0d\x01\x01";
  if (oid.size() != kPkcs1.size() + 1 || !oid.starts_with(kPkcs1)) return std::nullopt;
  switch (oid.back()) {
    case 4:
      return digest::Algorithm::md5;
    case 5:
      return digest::Algorithm::sha1;
    case 11:
      return digest::Algorithm::sha256;
    case 12:
      return digest::Algorithm::sha384;
    case 13:
      return digest::Algorithm::sha512;
    case 14:
      return digest::Algorithm::sha224;
    default:
      return std::nullopt;
  }
}

constexpr std::string_view kRsaEncryption = "\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01";

/// RSAPublicKey or RSAPrivateKey (PKCS #1): n and e.
std::optional<RsaPublicKey> read_pkcs1(std::string_view der, bool is_private) {
  std::optional<DerReader> fields = sequence_fields(der);
  if (!fields) return std::nullopt;
  if (is_private && !fields->next(kInteger)) return std::nullopt;  // the version
  std::optional<Element> modulus = fields->next(kInteger);
  std::optional<Element> exponent = fields->next(kInteger);
  if (!modulus || !exponent) return std::nullopt;
  return RsaPublicKey{unsigned_bytes(modulus->content), unsigned_bytes(exponent->content)};
}

/// AlgorithmIdentifier { rsaEncryption, NULL }?
bool names_rsa(const Element& algorithm) {
  DerReader fields(algorithm.content);
  std::optional<Element> oid = fields.next(kOid);
  return oid && oid->content == kRsaEncryption;
}

/// PrivateKeyInfo (PKCS #8): version, algorithm, OCTET STRING of the PKCS #1 key.
std::optional<RsaPublicKey> read_pkcs8(std::string_view der) {
  std::optional<DerReader> fields = sequence_fields(der);
  if (!fields) return std::nullopt;
  std::optional<Element> version = fields->next(kInteger);
  std::optional<Element> algorithm = fields->next(kSequence);
  std::optional<Element> key = fields->next(kOctetString);
  if (!version || !algorithm || !key || !names_rsa(*algorithm)) return std::nullopt;
  return read_pkcs1(key->content, true);
}

/// SubjectPublicKeyInfo: algorithm, BIT STRING of the PKCS #1 public key.
std::optional<RsaPublicKey> read_public_key_info(std::string_view der) {
  std::optional<DerReader> fields = sequence_fields(der);
  if (!fields) return std::nullopt;
  std::optional<Element> algorithm = fields->next(kSequence);
  std::optional<Element> bits = fields->next(kBitString);
  if (!algorithm || !bits || !names_rsa(*algorithm) || bits->content.empty() ||
      bits->content.front() != '\0')
    return std::nullopt;
  return read_pkcs1(bits->content.substr(1), false);
}

}  // namespace

std::optional<std::string> pem_block(std::string_view text, std::string_view label) {
  std::string begin = "-----BEGIN " + std::string(label) + "-----";
  std::string end = "-----END " + std::string(label) + "-----";
  std::size_t start = text.find(begin);
  if (start == std::string_view::npos) return std::nullopt;
  start += begin.size();
  std::size_t stop = text.find(end, start);
  if (stop == std::string_view::npos) return std::nullopt;
  std::string body;
  for (char c : text.substr(start, stop - start))
    if (!std::isspace(static_cast<unsigned char>(c))) body += c;
  return text::base64_decode(body);
}

std::optional<Certificate> read_certificate(std::string_view der) {
  std::optional<DerReader> fields = sequence_fields(der);
  if (!fields) return std::nullopt;
  std::optional<Element> signed_part = fields->next(kSequence);
  std::optional<Element> algorithm = fields->next(kSequence);
  std::optional<Element> signature = fields->next(kBitString);
  if (!signed_part || !algorithm || !signature || signature->content.empty()) return std::nullopt;
  DerReader algorithm_fields(algorithm->content);
  std::optional<Element> oid = algorithm_fields.next(kOid);
  if (!oid) return std::nullopt;
  return Certificate{std::string(signed_part->whole), rsa_signature_digest(oid->content),
                     std::string(signature->content.substr(1))};
}

std::optional<RsaPublicKey> read_rsa_key(std::string_view pem) {
  if (auto der = pem_block(pem, "RSA PRIVATE KEY")) return read_pkcs1(*der, true);
  if (auto der = pem_block(pem, "PRIVATE KEY")) return read_pkcs8(*der);
  if (auto der = pem_block(pem, "RSA PUBLIC KEY")) return read_pkcs1(*der, false);
  if (auto der = pem_block(pem, "PUBLIC KEY")) return read_public_key_info(*der);
  return std::nullopt;
}

}  // namespace marionette::compiler::x509
