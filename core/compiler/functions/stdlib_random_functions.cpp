// stdlib's seeded pseudo-random functions: fqdn_rotate, fqdn_rand_string, fqdn_uuid,
// seeded_rand, seeded_rand_string (and stdlib 9's stdlib:: names). They draw from Ruby's
// Mersenne Twister seeded as stdlib seeds it, so that a node gets the values Puppet gives it.
#include <limits>

#include "compiler/functions/ruby_random.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/string_encoding.hpp"
#include "compiler/types.hpp"
#include "digest/digest.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

std::string hex_of(const CallContext& call, digest::Algorithm algorithm, const std::string& text) {
  try {
    return digest::hex(algorithm, text);
  } catch (const digest::Unavailable& error) {
    raise(call, error.what());
  }
}

/// The characters of the text as Ruby's String#chars gives them, each as its own string.
std::vector<std::string> characters(std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view c : ruby_characters(text)) out.emplace_back(c);
  return out;
}

/// Ruby's Array#join(':') of nested values: nested arrays joined in place.
void join_into(const Value& value, std::string& out, bool& first, std::size_t depth) {
  if (value.is_array() && depth < 100) {
    for (const Value& item : value.array()) join_into(item, out, first, depth + 1);
    return;
  }
  if (!first) out += ':';
  first = false;
  out += ruby_to_s(value);
}

/// fqdn_rotate(array or string, seeds...) of stdlib 8.5: rotated by an offset drawn from $fqdn
/// (stdlib 9's: stdlib9_facts_functions.cpp).
Value fqdn_rotate(CallContext& call) {
  if (auto answer = stdlib::answer_as_stdlib9(call, "fqdn_rotate")) return *answer;
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "fqdn_rotate(): Wrong number of arguments given (0 for 1)");
  const Value& value = args[0];
  if (!value.is_array() && !value.is_string())
    raise(call, "fqdn_rotate(): Requires either array or string to work with");
  Array items;
  if (value.is_array()) {
    items = value.array();
  } else {
    for (std::string& c : characters(value.string())) items.push_back(std::move(c));
  }
  if (items.size() <= 1) return value;
  std::string seed = stdlib::node_fqdn(call) + ":";
  bool first = true;
  for (std::size_t i = 1; i < args.size(); ++i) join_into(args[i], seed, first, 0);
  RubyRandom random(seed_words_from_hex(hex_of(call, digest::Algorithm::md5, seed)));
  std::size_t offset = random.below(static_cast<std::uint32_t>(items.size()));
  std::rotate(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(offset), items.end());
  if (value.is_array()) return items;
  std::string out;
  for (const Value& c : items) out += c.string();
  return out;
}

bool is_positive_integer(const Value& value) {
  if (value.is_integer()) return value.integer() > 0;
  return value.is_string() && stdlib::looks_like_ruby_integer(value.string()) &&
         value.string()[0] != '-' && value.string() != "0";
}

std::int64_t integer_of(const Value& value) {
  if (value.is_integer()) return value.integer();
  return value.string().size() > 18 ? std::numeric_limits<std::int64_t>::max()
                                    : std::stoll(value.string());
}

/// seeded_rand(max, seed): Random.new(md5(seed)).rand(max).
Value seeded_rand(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call, "seeded_rand(): Wrong number of arguments given (" + std::to_string(args.size()) +
                    " for 2)");
  if (!is_positive_integer(args[0]))
    raise(call, "seeded_rand(): first argument must be a positive integer");
  if (!args[1].is_string()) raise(call, "seeded_rand(): second argument must be a string");
  std::int64_t max = integer_of(args[0]);
  if (max > 0xFFFFFFFFll) raise(call, "seeded_rand(): a maximum above 2**32 is not supported");
  RubyRandom random(seed_words_from_hex(hex_of(call, digest::Algorithm::md5, args[1].string())));
  return static_cast<std::int64_t>(random.below(static_cast<std::uint32_t>(max)));
}

/// seeded_rand_string(length, seed, charset = alphanumerics): Random.new(sha256(seed)).
Value seeded_rand_string(CallContext& call) {
  call.expect_arguments(2, 3);
  const Value& length = call.arguments[0];
  if (!length.is_integer() || length.integer() < 1)
    raise(call, "'seeded_rand_string' parameter 'length' expects an Integer[1] value, got " +
                    type_name_of(length));
  if (!call.arguments[1].is_string())
    raise(call, "'seeded_rand_string' parameter 'seed' expects a String value, got " +
                    type_name_of(call.arguments[1]));
  if (length.integer() > 1'000'000)
    raise(call, "seeded_rand_string(): a length above 1000000 is not supported");
  std::string charset = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (call.arguments.size() > 2) {
    const Value& given = call.arguments[2];
    if (!given.is_string() || char_count(given.string()) < 2)
      raise(call, "'seeded_rand_string' parameter 'charset' expects a String[2] value, got " +
                      type_name_of(given));
    charset = given.string();
  }
  std::vector<std::string> chars = characters(charset);
  RubyRandom random(
      seed_words_from_hex(hex_of(call, digest::Algorithm::sha256, call.arguments[1].string())));
  std::string out;
  for (std::int64_t i = 0; i < length.integer(); ++i)
    out += chars[random.below(static_cast<std::uint32_t>(chars.size()))];
  return out;
}

/// fqdn_rand_string(length, charset = alphanumerics, seeds...): each character chosen by
/// Puppet's fqdn_rand with the seeds and the character's position.
Value fqdn_rand_string(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "fqdn_rand_string(): wrong number of arguments (0 for 1)");
  if (!is_positive_integer(args[0]))
    raise(call, "fqdn_rand_string(): first argument must be a positive integer");
  if (args.size() > 1 && !args[1].is_string())
    raise(call, "fqdn_rand_string(): second argument must be undef or a string");
  std::int64_t length = integer_of(args[0]);
  if (length > 1'000'000)
    raise(call, "fqdn_rand_string(): a length above 1000000 is not supported");
  std::vector<std::string> charset = characters(args.size() > 1 ? args[1].string() : std::string());
  if (charset.empty())
    charset = characters("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
  std::string prefix;
  bool first = true;
  for (std::size_t i = 2; i < args.size(); ++i) join_into(args[i], prefix, first, 0);
  Function fqdn_rand = find_function("fqdn_rand");
  std::string out;
  for (std::int64_t position = 1; position <= length; ++position) {
    std::string seed = prefix + (first ? "" : ":") + std::to_string(position);
    std::vector<Value> rand_args{static_cast<std::int64_t>(charset.size()), seed};
    CallContext inner{call.host, call.scope, "fqdn_rand", rand_args, nullptr, call.where};
    out += charset[static_cast<std::size_t>(fqdn_rand(inner).integer())];
  }
  return out;
}

/// fqdn_uuid(name): the version 5 UUID of the name in the DNS namespace.
Value fqdn_uuid(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "fqdn_uuid: No arguments given");
  if (args.size() != 1)
    raise(call, "fqdn_uuid: Too many arguments given (" + std::to_string(args.size()) + ")");
  static const unsigned char kDnsNamespace[] = {0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1,
                                                0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
  std::string input(reinterpret_cast<const char*>(kDnsNamespace), sizeof kDnsNamespace);
  input += ruby_to_s(args[0]);
  std::string hex = hex_of(call, digest::Algorithm::sha1, input).substr(0, 32);
  auto byte_at = [&](std::size_t i) { return std::stoi(hex.substr(i * 2, 2), nullptr, 16); };
  auto set_byte = [&](std::size_t i, int value) {
    static const char* digits = "0123456789abcdef";
    hex[i * 2] = digits[(value >> 4) & 0xF];
    hex[i * 2 + 1] = digits[value & 0xF];
  };
  set_byte(6, (byte_at(6) & 0x0f) | 0x50);
  set_byte(8, (byte_at(8) & 0x3f) | 0x80);
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" +
         hex.substr(16, 4) + "-" + hex.substr(20, 12);
}

}  // namespace

void register_stdlib_random_functions(FunctionTable& table) {
  table.emplace_back("fqdn_rotate", fqdn_rotate);
  table.emplace_back("seeded_rand", seeded_rand);
  table.emplace_back("stdlib::seeded_rand", seeded_rand);
  table.emplace_back("seeded_rand_string", seeded_rand_string);
  table.emplace_back("stdlib::seeded_rand_string", seeded_rand_string);
  table.emplace_back("fqdn_rand_string", fqdn_rand_string);
  table.emplace_back("stdlib::fqdn_rand_string", fqdn_rand_string);
  table.emplace_back("fqdn_uuid", fqdn_uuid);
}

}  // namespace marionette::compiler
