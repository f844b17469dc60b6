#include <cstdint>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/functions/ruby_random.hpp"
#include "compiler/scope.hpp"
#include "digest/digest.hpp"

namespace marionette::compiler {

namespace {

std::string hex_digest(CallContext& call, digest::Algorithm algorithm, const std::string& text) {
  try {
    return digest::hex(algorithm, text);
  } catch (const digest::Unavailable& error) {
    call.fail(error.what());
  }
}

template <digest::Algorithm Algorithm>
Value digest_of(CallContext& call) {
  call.expect_arguments(1, 1);
  return hex_digest(call, Algorithm, to_string(call.arguments[0]));
}

/// fqdn_rand(max, seed = undef, downcase = false): Random.new(md5("fqdn:max:seed").hex).rand(max)
Value fqdn_rand(CallContext& call) {
  call.expect_arguments(1, 3);
  std::int64_t max = call.arguments[0].is_integer()
                         ? call.arguments[0].integer()
                         : std::stoll("0" + to_string(call.arguments[0]));
  std::string fqdn;
  if (const Value* facts = call.scope.find("facts"); facts && facts->is_hash())
    if (const Value* networking = hash_find(facts->hash(), Value("networking"));
        networking && networking->is_hash())
      if (const Value* name = hash_find(networking->hash(), Value("fqdn"))) fqdn = to_string(*name);
  if (call.arguments.size() > 2 && truthy(call.arguments[2]))
    for (char& c : fqdn) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string seed = call.arguments.size() > 1 ? to_string(call.arguments[1]) : "";
  std::string hex =
      hex_digest(call, digest::Algorithm::md5, fqdn + ":" + std::to_string(max) + ":" + seed);
  if (max <= 0) call.fail("max must be a positive integer");
  RubyRandom random(seed_words_from_hex(hex));
  return static_cast<std::int64_t>(random.below(static_cast<std::uint32_t>(max)));
}

}  // namespace

void register_digest_functions(FunctionTable& table) {
  table.emplace_back("md5", digest_of<digest::Algorithm::md5>);
  table.emplace_back("sha1", digest_of<digest::Algorithm::sha1>);
  table.emplace_back("sha256", digest_of<digest::Algorithm::sha256>);
  table.emplace_back("stdlib::sha256", digest_of<digest::Algorithm::sha256>);
  // digest(): Puppet's digest_algorithm setting, sha256 by default in Puppet 7.
  table.emplace_back("digest", digest_of<digest::Algorithm::sha256>);
  table.emplace_back("fqdn_rand", fqdn_rand);
}

}  // namespace marionette::compiler
