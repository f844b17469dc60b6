#include "compiler/functions/stdlib_support.hpp"

#include <arpa/inet.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <regex>
#include <unordered_map>
#include <unordered_set>

#include "compiler/compile_log.hpp"
#include "compiler/environment.hpp"
#include "compiler/function_host.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/scope.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler::stdlib {

std::vector<Value> legacy_arguments(const std::vector<Value>& arguments) {
  std::vector<Value> out = arguments;
  for (Value& argument : out)
    if (argument.is_undef()) argument = Value("");
  return out;
}

void flatten_into(const Value& value, Array& out, std::size_t depth) {
  if (!value.is_array() || depth > 1000) {
    out.push_back(value);
    return;
  }
  for (const Value& item : value.array()) flatten_into(item, out, depth + 1);
}

std::optional<std::int64_t> ruby_integer(const std::string& written) {
  std::string text = written;
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  std::size_t start = 0;
  while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
  text = text.substr(start);
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text = text.substr(1);
  }
  int base = 10;
  if (text.size() > 1 && text[0] == '0') {
    char marker = static_cast<char>(std::tolower(static_cast<unsigned char>(text[1])));
    if (marker == 'x')
      base = 16, text = text.substr(2);
    else if (marker == 'b')
      base = 2, text = text.substr(2);
    else if (marker == 'o')
      base = 8, text = text.substr(2);
    else if (marker == 'd')
      base = 10, text = text.substr(2);
    else
      base = 8, text = text.substr(1);
  }
  if (text.empty() || text.front() == '_' || text.back() == '_') return std::nullopt;
  std::string digits;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '_') {
      if (text[i - 1] == '_') return std::nullopt;
      continue;
    }
    digits += text[i];
  }
  try {
    std::size_t used = 0;
    long long number = std::stoll(digits, &used, base);
    if (used != digits.size() || digits[0] == '-' || digits[0] == '+') return std::nullopt;
    return negative ? -number : number;
  } catch (...) {
    return std::nullopt;
  }
}

std::optional<double> ruby_float(const std::string& text) {
  if (text.size() > kLongestRegexInput) return std::nullopt;
  static const std::regex decimal(R"(\s*[-+]?(\d+(_\d+)*)(\.\d+(_\d+)*)?([eE][-+]?\d+)?\s*)");
  if (std::regex_match(text, decimal)) {
    std::string digits;
    for (char c : text)
      if (c != '_') digits += c;
    return std::strtod(digits.c_str(), nullptr);
  }
  if (auto integer = ruby_integer(text)) return static_cast<double>(*integer);
  return std::nullopt;
}

std::int64_t ruby_to_i(const std::string& text) {
  std::size_t at = 0;
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
  bool negative = false;
  if (at < text.size() && (text[at] == '-' || text[at] == '+')) negative = text[at++] == '-';
  std::int64_t number = 0;
  constexpr std::int64_t kLimit = std::numeric_limits<std::int64_t>::max() / 10 - 10;
  for (; at < text.size(); ++at) {
    char c = text[at];
    if (c == '_' && at + 1 < text.size() &&
        std::isdigit(static_cast<unsigned char>(text[at + 1])) && at > 0 &&
        std::isdigit(static_cast<unsigned char>(text[at - 1])))
      continue;
    if (!std::isdigit(static_cast<unsigned char>(c))) break;
    if (number < kLimit) number = number * 10 + (c - '0');
  }
  return negative ? -number : number;
}

bool looks_like_ruby_integer(const std::string& text) {
  static const std::regex integer(R"(0|-?[1-9][0-9]*)");
  return std::regex_match(text, integer);
}

bool looks_like_ruby_float(const std::string& text) {
  if (text.empty()) return false;
  char* end = nullptr;
  double number = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(number) && format_float(number) == text;
}

void raise(const CallContext& call, const std::string& message) {
  throw lang::SourceError(message, call.where);
}

namespace {

/// Has this compilation warned under the key yet? A compilation is known by its top scope's
/// id (unique in the process); the keys of the last few compilations are kept.
bool first_warning(const Scope& scope, const std::string& key) {
  const Scope* top = &scope;
  while (top->parent()) top = top->parent();
  static std::mutex mutex;
  static std::unordered_map<std::uint64_t, std::unordered_set<std::string>> warned;
  std::lock_guard<std::mutex> lock(mutex);
  if (warned.size() > 64 && !warned.count(top->id())) warned.clear();
  return warned[top->id()].insert(key).second;
}

}  // namespace

void deprecation(CallContext& call, const std::string& key, const std::string& message,
                 bool use_strict_setting) {
  // stdlib appends "at FILE:LINE" from Puppet's stack: its first frame and its second (Ruby
  // prints each as an array, a missing one as nothing). Made only when it is printed or raised:
  // a module calls a deprecated function many times and warns once.
  auto located = [&] {
    std::vector<lang::SourceLocation> stack = call.host.puppet_stack();
    auto frame = [&](std::size_t at) -> std::string {
      if (at >= stack.size()) return "";
      return "[\"" + stack[at].path() + "\", " + std::to_string(stack[at].line) + "]";
    };
    return stack.empty() ? message : message + " at " + frame(0) + ":" + frame(1);
  };
  if (use_strict_setting) {
    Strict strict = call.host.strictness().strict;
    if (strict == Strict::Off) return;
    if (strict == Strict::Error) raise(call, "deprecation. " + key + ". " + located());
  }
  if (!first_warning(call.scope, key)) return;
  compile_log("warning", located());
}

bool removed_from_stdlib(const Environment& environment, const std::string& name) {
  if (!name.starts_with("validate_") && !name.starts_with("is_")) return false;
  if (!environment.module_dir("stdlib")) return false;
  // Each call asks: the environment keeps the answers (two stats a call were 8 % of the
  // server's time on perf-control's large role).
  return !environment.module_has_file("stdlib", "lib/puppet/functions/" + name + ".rb") &&
         !environment.module_has_file("stdlib", "lib/puppet/parser/functions/" + name + ".rb");
}

std::optional<Value> answer_as_stdlib9(CallContext& call, const std::string& name) {
  namespace fs = std::filesystem;
  const fs::path* module = call.host.environment().module_dir("stdlib");
  std::error_code error;
  if (!module ||
      !fs::is_regular_file(*module / "lib/puppet/functions/stdlib" / (name + ".rb"), error) ||
      !fs::is_regular_file(*module / "lib/puppet/functions" / (name + ".rb"), error))
    return std::nullopt;
  deprecation(call, name, "This function is deprecated, please use stdlib::" + name + " instead.",
              false);
  std::string current = "stdlib::" + name;
  CallContext inner{call.host, call.scope, current, call.arguments, call.lambda, call.where};
  return find_function(current)(inner);
}

std::string validate_legacy_advice(const std::string& type) {
  return "This method is deprecated, please use the stdlib validate_legacy function,\n"
         "                    with " +
         type + ". There is further documentation for validate_legacy function in the README.";
}

std::string match_expression_advice(const std::string& type) {
  return "This method is deprecated, please use match expressions with " + type +
         " instead. They are described at "
         "https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions.";
}

std::string node_fqdn(const CallContext& call) {
  const Scope* top = &call.scope;
  while (top->parent()) top = top->parent();
  const Value* fqdn = top->find_local("fqdn");
  return fqdn ? to_string(*fqdn) : std::string();
}

bool is_absolute_path(const Value& value) {
  if (!value.is_string()) return false;
  // Ruby's ^ matches at the start of every line.
  static const std::regex windows(
      R"(^(([A-Z]:[\\/])|([\\/][\\/][^\\/\n]+[\\/][^\\/\n]+)|([\\/][\\/]\?[\\/][^\\/\n]+)))",
      std::regex::icase);
  const std::string& path = value.string();
  for (std::size_t start = 0; start <= path.size();) {
    std::size_t end = path.find('\n', start);
    std::string line =
        path.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (line.starts_with("/") || std::regex_search(line, windows)) return true;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return false;
}

namespace {

bool same(const Value& a, const Value& b, bool numbers_by_value) {
  if (numbers_by_value && a.is_number() && b.is_number()) return a.number() == b.number();
  if (a.is_string() && b.is_string()) return a.string() == b.string();
  if (a.v.index() != b.v.index()) return false;
  if (a.is_array()) {
    const Array &x = a.array(), &y = b.array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!same(x[i], y[i], numbers_by_value)) return false;
    return true;
  }
  if (a.is_hash()) {
    const Hash &x = a.hash(), &y = b.hash();
    if (x.size() != y.size()) return false;
    for (const auto& [key, value] : x) {
      const Value* other = ruby_fetch(y, key);
      if (!other || !same(value, *other, numbers_by_value)) return false;
    }
    return true;
  }
  if (a.is_integer()) return a.integer() == b.integer();
  if (a.is_float()) return a.number() == b.number();
  if (a.is_boolean()) return a.boolean() == b.boolean();
  if (a.is_undef() || a.is_default()) return true;
  return equals(a, b);
}

}  // namespace

bool ruby_eql(const Value& a, const Value& b) {
  return same(a, b, false);
}

bool ruby_equal(const Value& a, const Value& b) {
  return same(a, b, true);
}

void ruby_store(Hash& hash, const Value& key, Value value) {
  for (auto& [existing, item] : hash)
    if (ruby_eql(existing, key)) {
      item = std::move(value);
      return;
    }
  hash.emplace_back(key, std::move(value));
}

const Value* ruby_fetch(const Hash& hash, const Value& key) {
  for (const auto& [existing, item] : hash)
    if (ruby_eql(existing, key)) return &item;
  return nullptr;
}

std::optional<int> ip_version(const std::string& written) {
  std::string address = written, prefix;
  if (std::size_t slash = address.find('/'); slash != std::string::npos) {
    prefix = address.substr(slash + 1);
    address = address.substr(0, slash);
  }
  if (address.size() > 2 && address.front() == '[' && address.back() == ']')
    address = address.substr(1, address.size() - 2);
  unsigned char bytes[16];
  int version = 0;
  if (inet_pton(AF_INET, address.c_str(), bytes) == 1) {
    version = 4;
  } else {
    std::string bare = address.substr(0, address.find('%'));
    if (bare.size() != address.size() && bare.size() + 1 == address.size()) return std::nullopt;
    if (inet_pton(AF_INET6, bare.c_str(), bytes) != 1) return std::nullopt;
    version = 6;
  }
  if (!prefix.empty() || written.find('/') != std::string::npos) {
    int limit = version == 4 ? 32 : 128;
    bool digits = !prefix.empty() && prefix.find_first_not_of("0123456789") == std::string::npos;
    if (digits) {
      if (prefix.size() > 3 || std::stoi(prefix) > limit) return std::nullopt;
    } else if (version != 4 || inet_pton(AF_INET, prefix.c_str(), bytes) != 1) {
      if (version != 6 || inet_pton(AF_INET6, prefix.c_str(), bytes) != 1) return std::nullopt;
    }
  }
  return version;
}

bool is_domain_name(const Value& value) {
  if (!value.is_string()) return false;
  std::string domain = value.string();
  if (domain == ".") return true;
  if (domain.ends_with(".")) domain.pop_back();
  if (domain.empty() || domain.size() > 255) return false;
  static const std::regex top_level(R"(\.[A-Za-z]+$)", std::regex::multiline);
  if (domain.find('.') != std::string::npos && !std::regex_search(domain, top_level)) return false;
  static const std::regex label_text(R"(^[a-z\d-]+$)", std::regex::icase);
  // Ruby's split drops trailing empty fields; an empty label in between fails.
  std::size_t start = 0;
  while (start <= domain.size()) {
    std::size_t end = domain.find('.', start);
    std::string label =
        domain.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-' ||
        !std::regex_search(label, label_text))
      return false;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return true;
}

namespace {

bool is_word_or_sign(unsigned char c) {
  return std::isalnum(c) || c == '_' || c == '+' || c == '-';
}

/// Does text[0, end) read as Ruby's `([\w+\-].?)+`: units of a word character, '+' or '-'
/// each followed by at most one character (not a newline)? Decided in one pass (no regex, so no
/// backtracking on long input).
bool local_part_matches(const std::string& text, std::size_t end) {
  std::vector<bool> reachable(end + 1, false);  // a unit may start here
  reachable[0] = true;
  auto char_end = [&](std::size_t at) {
    std::size_t next = at + 1;
    while (next < end && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) ++next;
    return next;
  };
  for (std::size_t at = 0; at < end; at = char_end(at)) {
    if (!reachable[at] || !is_word_or_sign(static_cast<unsigned char>(text[at]))) continue;
    std::size_t after = at + 1;
    reachable[after] = true;
    if (after < end && text[after] != '\n') reachable[char_end(after)] = true;
  }
  return end > 0 && reachable[end];
}

}  // namespace

bool is_email_address(const Value& value) {
  if (!value.is_string()) return false;
  const std::string& text = value.string();
  // The domain, `[a-z\d\-]+(\.[a-z]+)*\.[a-z]+`: a first label, then lowercase-only ones.
  auto domain_matches = [&](std::size_t start) {
    std::size_t dot = text.find('.', start);
    if (dot == std::string::npos || dot == start) return false;
    for (std::size_t i = start; i < dot; ++i)
      if (!std::islower(static_cast<unsigned char>(text[i])) &&
          !std::isdigit(static_cast<unsigned char>(text[i])) && text[i] != '-')
        return false;
    for (std::size_t i = dot; i < text.size(); ++i)
      if (text[i] == '.' ? i + 1 == text.size() || text[i + 1] == '.'
                         : !std::islower(static_cast<unsigned char>(text[i])))
        return false;
    return true;
  };
  for (std::size_t at = text.find('@'); at != std::string::npos; at = text.find('@', at + 1))
    if (domain_matches(at + 1) && local_part_matches(text, at)) return true;
  return false;
}

}  // namespace marionette::compiler::stdlib
