// stdlib's password hashing: pw_hash (crypt(3) with the salt given, so the same on every
// compile), str2saltedsha512 (a random salt, as stdlib draws one) and str2saltedpbkdf2 (macOS's
// PBKDF2-HMAC-SHA512 with the salt given).
#include <crypt.h>

#include <random>
#include <regex>

#include "compiler/functions/stdlib_support.hpp"
#include "compiler/resource_table.hpp"
#include "digest/digest.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

struct HashKind {
  const char* name;
  const char* prefix;
  bool bcrypt;
};

constexpr HashKind kHashKinds[] = {
    {"md5", "1", false},      {"sha-256", "5", false},  {"sha-512", "6", false},
    {"bcrypt", "2b", true},   {"bcrypt-a", "2a", true}, {"bcrypt-x", "2x", true},
    {"bcrypt-y", "2y", true},
};

Value unwrapped(const Value& value) {
  return is_sensitive(value) ? value.type().parameters[0] : value;
}

/// pw_hash(password, 'sha-512', salt): crypt(3)'s "$6$salt$hash"; undef for an empty password.
Value pw_hash(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 3)
    raise(call, "pw_hash(): wrong number of arguments (" + std::to_string(args.size()) + " for 3)");
  for (Value& arg : args) arg = unwrapped(arg);
  if (!args[0].is_string() && !args[0].is_undef())
    raise(call, "pw_hash(): first argument must be a string");
  if (!args[1].is_string()) raise(call, "pw_hash(): second argument must be a string");
  const HashKind* kind = nullptr;
  for (const HashKind& candidate : kHashKinds)
    if (lowercase(args[1].string()) == candidate.name) kind = &candidate;
  if (!kind) raise(call, "pw_hash(): " + args[1].string() + " is not a valid hash type");
  if (!args[2].is_string()) raise(call, "pw_hash(): third argument must be a string");
  const std::string& salt = args[2].string();
  if (salt.empty()) raise(call, "pw_hash(): third argument must not be empty");
  static const std::regex bcrypt_salt(R"(^[0-9]{2}\$[./A-Za-z0-9]{22})");
  static const std::regex plain_salt(R"([a-zA-Z0-9./]+)");
  bool salt_ok =
      salt.size() <= stdlib::kLongestRegexInput &&
      (kind->bcrypt ? std::regex_search(salt, bcrypt_salt) : std::regex_match(salt, plain_salt));
  if (!salt_ok)
    raise(call, std::string("pw_hash(): characters in salt must ") +
                    (kind->bcrypt ? "match (?-mix:^[0-9]{2}\\$[.\\/A-Za-z0-9]{22})"
                                  : "be in the set [a-zA-Z0-9./]"));
  if (args[0].is_undef() || args[0].string().empty()) return Value();
  std::string setting = std::string("$") + kind->prefix + "$" + salt;
  struct crypt_data data {};
  const char* hashed = crypt_r(args[0].string().c_str(), setting.c_str(), &data);
  if (!hashed || hashed[0] == '*') raise(call, "pw_hash(): crypt failed for this salt");
  return RubyString{hashed};  // String#crypt gives ASCII-8BIT
}

/// str2saltedsha512(password): hex of a random 4-byte salt and SHA-512(salt + password).
Value str2saltedsha512(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1)
    raise(call, "str2saltedsha512(): Wrong number of arguments passed (" +
                    std::to_string(args.size()) + " but we require 1)");
  if (!args[0].is_string())
    raise(call, "str2saltedsha512(): Requires a String argument, you passed: " +
                    stdlib::ruby_class(args[0]));
  static thread_local std::mt19937 random{std::random_device{}()};
  std::uint32_t seed = std::uniform_int_distribution<std::uint32_t>(0, 0x7FFFFFFE)(random);
  std::string salt;
  for (int i = 0; i < 4; ++i) salt += static_cast<char>((seed >> (8 * i)) & 0xFF);  // pack('L')
  try {
    return digest::to_hex(salt) + digest::hex(digest::Algorithm::sha512, salt + args[0].string());
  } catch (const digest::Unavailable& error) {
    raise(call, error.what());
  }
}

/// str2saltedpbkdf2(password, salt, iterations): {'password_hex' => the 128 bytes of
/// PBKDF2-HMAC-SHA512 in hex, 'salt_hex' => the salt in hex, 'iterations' => iterations}.
Value str2saltedpbkdf2(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 3)
    raise(call, "str2saltedpbkdf2(): wrong number of arguments (" + std::to_string(args.size()) +
                    " for 3)");
  for (Value& arg : args) arg = unwrapped(arg);
  if (!args[0].is_string()) raise(call, "str2saltedpbkdf2(): first argument must be a string");
  if (!args[1].is_string()) raise(call, "str2saltedpbkdf2(): second argument must be a string");
  if (args[1].string().size() < 8)
    raise(call, "str2saltedpbkdf2(): second argument must be at least 8 bytes long");
  if (!args[2].is_integer()) raise(call, "str2saltedpbkdf2(): third argument must be an integer");
  std::int64_t iterations = args[2].integer();
  if (iterations <= 40000 || iterations >= 70000)
    raise(call, "str2saltedpbkdf2(): third argument must be between 40,000 and 70,000");
  std::string derived = digest::pbkdf2_sha512(args[0].string(), args[1].string(),
                                              static_cast<unsigned>(iterations), 128);
  return Hash{{Value("password_hex"), Value(digest::to_hex(derived))},
              {Value("salt_hex"), Value(digest::to_hex(args[1].string()))},
              {Value("iterations"), Value(iterations)}};
}

}  // namespace

void register_stdlib_password_functions(FunctionTable& table) {
  table.emplace_back("pw_hash", pw_hash);
  table.emplace_back("str2saltedsha512", str2saltedsha512);
  table.emplace_back("str2saltedpbkdf2", str2saltedpbkdf2);
}

}  // namespace marionette::compiler
