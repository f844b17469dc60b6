// stdlib's functions about the node and its facts, and the rest of its odds and ends: fact,
// os_version_gte, has_interface_with, has_ip_address, has_ip_network, stdlib::ip_in_range,
// time, glob, deprecation, sprintf_hash, try_get_value, pry (validate_augeas:
// stdlib_validate_augeas.cpp).
#include <arpa/inet.h>
#include <glob.h>

#include <chrono>
#include <cstring>
#include <regex>

#include "compiler/function_host.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/scope.hpp"
#include "compiler/types.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

const Value* top_variable(const CallContext& call, const std::string& name) {
  const Scope* top = &call.scope;
  while (top->parent()) top = top->parent();
  return top->find_local(name);
}

/// fact('os.release.major'), fact('"dotted.key".x'): a fact by its dotted path, undef when
/// absent.
Value fact(CallContext& call) {
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_string())
    raise(call, "'fact' parameter 'fact_name' expects a String value, got " +
                    type_name_of(call.arguments[0]));
  const std::string& name = call.arguments[0].string();
  std::vector<std::string> path;
  static const std::regex segment(R"re(([^."]+)|(?:")([^"]+)(?:"))re");
  for (auto it = std::sregex_iterator(name.begin(), name.end(), segment);
       it != std::sregex_iterator(); ++it)
    path.push_back((*it)[1].matched ? (*it)[1].str() : (*it)[2].str());
  const Scope* top = &call.scope;
  while (top->parent()) top = top->parent();
  // The one fact the path starts at, not every custom fact (lazy_facts.hpp).
  const Value* facts =
      path.empty() ? top->find_local("facts") : top->find_local_for_entry("facts", path.front());
  Value current = facts ? *facts : Value();
  std::string walked;
  for (const std::string& key : path) {
    if (current.is_undef()) return Value();
    if (current.is_array()) {
      std::optional<std::int64_t> at = stdlib::ruby_integer(key);
      if (!at) {
        call.host.log("Warning",
                      "fact request for " + name + " returning nil: '" + walked +
                          "' is an array; cannot index to '" + key + "'",
                      call.scope);
        return Value();
      }
      auto size = static_cast<std::int64_t>(current.array().size());
      if (*at < 0) *at += size;
      current = *at >= 0 && *at < size ? current.array()[static_cast<std::size_t>(*at)] : Value();
    } else if (current.is_hash()) {
      const Value* found = stdlib::ruby_fetch(current.hash(), Value(key));
      current = found ? *found : Value();
    } else {
      call.host.log("Warning",
                    "fact request for " + name + " returning nil: '" + walked +
                        "' is not a collection; cannot walk to '" + key + "'",
                    call.scope);
      return Value();
    }
    if (!walked.empty()) walked += '.';
    walked += key.find('.') == std::string::npos ? key : "\"" + key + "\"";
  }
  return current;
}

/// os_version_gte(os, version) of stdlib 8.5: $facts['operatingsystem'] is os, its major release
/// >= version (stdlib 9's: stdlib9_facts_functions.cpp).
Value os_version_gte(CallContext& call) {
  if (auto answer = stdlib::answer_as_stdlib9(call, "os_version_gte")) return *answer;
  call.expect_arguments(2, 2);
  const Value* facts = top_variable(call, "facts");
  if (!facts || !facts->is_hash()) return false;
  const Value* os = stdlib::ruby_fetch(facts->hash(), Value("operatingsystem"));
  const Value* release = stdlib::ruby_fetch(facts->hash(), Value("operatingsystemmajrelease"));
  if (!os || !stdlib::ruby_eql(*os, call.arguments[0])) return false;
  std::vector<Value> compared{release ? *release : Value(""), call.arguments[1]};
  CallContext inner{call.host, call.scope, "versioncmp", compared, nullptr, call.where};
  return find_function("versioncmp")(inner).integer() >= 0;
}

/// has_interface_with(kind, value) or (interface): from the legacy facts `interfaces`,
/// KIND and KIND_IFACE.
bool interface_with(const CallContext& call, const Arguments& args) {
  const Value* interfaces = top_variable(call, "interfaces");
  // stdlib's lookupvar: under strict=error a missing variable raises (Puppet 8 sends no legacy
  // facts, so `interfaces` is missing there).
  if (!interfaces && call.host.strictness().strict == Strict::Error)
    raise(call, "Undefined variable 'interfaces'; ");
  if (!interfaces || interfaces->is_undef()) return false;
  std::vector<std::string> names;
  std::string list = to_string(*interfaces);
  for (std::size_t start = 0; start <= list.size();) {
    std::size_t comma = list.find(',', start);
    names.push_back(
        list.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (args.size() == 1)
    return std::find(names.begin(), names.end(), ruby_to_s(args[0])) != names.end();
  std::string kind = ruby_to_s(args[0]);
  if (const Value* value = top_variable(call, kind); value && stdlib::ruby_equal(*value, args[1]))
    return true;
  for (const std::string& name : names)
    if (const Value* value = top_variable(call, kind + "_" + text::lowercase(name));
        value && stdlib::ruby_equal(args[1], *value))
      return true;
  return false;
}

Value has_interface_with(CallContext& call) {
  if (auto answer = stdlib::answer_as_stdlib9(call, "has_interface_with")) return *answer;
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty() || args.size() > 2)
    raise(call, "has_interface_with(): Wrong number of arguments given (" +
                    std::to_string(args.size()) + " for 1 or 2)");
  return interface_with(call, args);
}

template <const char* Kind>
Value has_address(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1)
    raise(call, call.name + "(): Wrong number of arguments given (" + std::to_string(args.size()) +
                    " for 1)");
  return interface_with(call, {Value(Kind), args[0]});
}

constexpr char kIpaddress[] = "ipaddress";
constexpr char kNetwork[] = "network";

/// An address and its prefix length as IPAddr holds it (the network when a prefix is given).
struct Network {
  int family = 0;
  unsigned char bytes[16]{};
  int prefix = 0;
};

std::optional<Network> parse_network(const std::string& text) {
  std::optional<int> version = stdlib::ip_version(text);
  if (!version) return std::nullopt;
  Network network;
  network.family = *version == 4 ? AF_INET : AF_INET6;
  int bits = *version == 4 ? 32 : 128;
  std::string address = text.substr(0, text.find('/'));
  address = address.substr(0, address.find('%'));
  if (address.size() > 2 && address.front() == '[') address = address.substr(1, address.size() - 2);
  inet_pton(network.family, address.c_str(), network.bytes);
  network.prefix = bits;
  if (std::size_t slash = text.find('/'); slash != std::string::npos) {
    std::string mask = text.substr(slash + 1);
    if (mask.find_first_not_of("0123456789") == std::string::npos) {
      network.prefix = std::stoi(mask);
    } else {
      unsigned char mask_bytes[16]{};
      inet_pton(network.family, mask.c_str(), mask_bytes);
      network.prefix = 0;
      for (int i = 0; i < bits / 8; ++i)
        for (int b = 7; b >= 0; --b) network.prefix += (mask_bytes[i] >> b) & 1;
    }
  }
  return network;
}

bool network_includes(const Network& range, const Network& address) {
  if (range.family != address.family) return false;
  for (int bit = 0; bit < range.prefix; ++bit) {
    int byte = bit / 8, shift = 7 - bit % 8;
    if (((range.bytes[byte] >> shift) & 1) != ((address.bytes[byte] >> shift) & 1)) return false;
  }
  return true;
}

Value ip_in_range(CallContext& call) {
  call.expect_arguments(2, 2);
  if (!call.arguments[0].is_string())
    raise(call, "'stdlib::ip_in_range' parameter 'ipaddress' expects a String value, got " +
                    type_name_of(call.arguments[0]));
  std::optional<Network> address = parse_network(call.arguments[0].string());
  if (!address) raise(call, "invalid address: " + call.arguments[0].string());
  const Value& ranges = call.arguments[1];
  Array all = ranges.is_array() ? ranges.array() : Array{ranges};
  for (const Value& range : all) {
    std::optional<Network> network = parse_network(ruby_to_s(range));
    if (!network) raise(call, "invalid address: " + ruby_to_s(range));
    if (network_includes(*network, *address)) return true;
  }
  return false;
}

/// time(): the seconds since the epoch (the zone changes nothing).
Value time_now(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() > 1)
    raise(call,
          "time(): Wrong number of arguments given " + std::to_string(args.size()) + " for 0 or 1");
  auto now = std::chrono::system_clock::now().time_since_epoch();
  return static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::seconds>(now).count());
}

/// glob(pattern or patterns): the paths that match on the compiling host, as Dir.glob.
Value glob_paths(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1)
    raise(call,
          "glob(): Wrong number of arguments given (" + std::to_string(args.size()) + " for 1)");
  if (!args[0].is_string() && !args[0].is_array())
    raise(call, "glob(): Requires either array or string to work");
  Array patterns = args[0].is_array() ? args[0].array() : Array{args[0]};
  Array out;
  for (const Value& pattern : patterns) {
    glob_t found{};
    if (::glob(ruby_to_s(pattern).c_str(), GLOB_BRACE | GLOB_NOSORT, nullptr, &found) == 0)
      for (std::size_t i = 0; i < found.gl_pathc; ++i)
        out.push_back(std::string(found.gl_pathv[i]));
    globfree(&found);
  }
  return out;
}

/// deprecation(key, message, use_strict_setting = true) (the third of stdlib 9): the warning
/// once per key, or under strict=error the error.
Value deprecation(CallContext& call) {
  call.expect_arguments(2, 3);
  if (!call.arguments[0].is_string() || !call.arguments[1].is_string())
    raise(call, "'deprecation' expects String values for key and message");
  if (call.arguments.size() == 3 && !call.arguments[2].is_boolean())
    raise(call, "'deprecation' parameter 'use_strict_setting' expects a Boolean value, got " +
                    type_name_of(call.arguments[2]));
  bool use_strict_setting = call.arguments.size() < 3 || call.arguments[2].boolean();
  stdlib::deprecation(call, call.arguments[0].string(), call.arguments[1].string(),
                      use_strict_setting);
  return Value();
}

/// sprintf_hash(format, hash): Kernel#sprintf with %<name>s references, by the built-in sprintf.
Value sprintf_hash(CallContext& call) {
  call.expect_arguments(2, 2);
  stdlib::deprecation(call, "sprintf_hash",
                      "This method is deprecated. From Puppet 4.10.10/5.3.4 please use the "
                      "built-in sprintf instead");
  return find_function("sprintf")(call);
}

/// try_get_value(data, 'a/b/0', default, separator): dig by a separated path (deprecated).
Value try_get_value(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  call.host.log("Warning",
                "try_get_value() DEPRECATED: this function is deprecated, please use dig() "
                "instead.",
                call.scope);
  Value data = args.empty() ? Value() : args[0];
  std::string path = args.size() > 1 ? ruby_to_s(args[1]) : "";
  Value fallback = args.size() > 2 ? args[2] : Value();
  if ((!data.is_hash() && !data.is_array()) || path.empty())
    return truthy(fallback) ? fallback : data;
  std::string separator = args.size() > 3 && truthy(args[3]) ? ruby_to_s(args[3]) : "/";
  Array keys;
  for (std::size_t start = 0; start <= path.size();) {
    std::size_t end = separator.empty() ? start + 1 : path.find(separator, start);
    std::string key =
        path.substr(start, end == std::string::npos ? std::string::npos : end - start);
    bool digits = !key.empty() && key.find_first_not_of("0123456789") == std::string::npos;
    if (!key.empty() || end != std::string::npos)
      keys.push_back(digits && key.size() < 18 ? Value(static_cast<std::int64_t>(std::stoll(key)))
                                               : Value(key));
    if (end == std::string::npos || end >= path.size()) break;
    start = end + std::max<std::size_t>(separator.size(), 1);
  }
  std::vector<Value> dig_args{data, Value(std::move(keys)), fallback};
  CallContext inner{call.host, call.scope, "dig44", dig_args, nullptr, call.where};
  return find_function("dig44")(inner);
}

Value pry(CallContext& call) {
  raise(call, "pry(): Requires the 'pry' rubygem to use, but it was not found");
}

}  // namespace

void register_stdlib_node_functions(FunctionTable& table) {
  table.emplace_back("fact", fact);
  table.emplace_back("os_version_gte", os_version_gte);
  table.emplace_back("has_interface_with", has_interface_with);
  table.emplace_back("has_ip_address", has_address<kIpaddress>);
  table.emplace_back("has_ip_network", has_address<kNetwork>);
  table.emplace_back("stdlib::ip_in_range", ip_in_range);
  table.emplace_back("time", time_now);
  table.emplace_back("glob", glob_paths);
  table.emplace_back("deprecation", deprecation);
  table.emplace_back("sprintf_hash", sprintf_hash);
  table.emplace_back("try_get_value", try_get_value);
  table.emplace_back("pry", pry);
}

}  // namespace marionette::compiler
