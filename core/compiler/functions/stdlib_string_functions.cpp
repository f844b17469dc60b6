// stdlib's functions on strings and paths: basename, dirname, extname, squeeze, swapcase,
// dos2unix, unix2dos, regexpescape, uriescape, base64, start_with, end_with, xml_encode,
// enclose_ipv6. Each does what the Ruby method stdlib calls does.
#include <arpa/inet.h>

#include <algorithm>

#include "compiler/functions/stdlib_support.hpp"
#include "compiler/types.hpp"
#include "text/base64.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

/// Ruby's File.basename(path): the last component, trailing slashes ignored.
std::string file_basename(const std::string& path) {
  std::size_t end = path.find_last_not_of('/');
  if (end == std::string::npos) return path.empty() ? "" : "/";
  std::size_t start = path.rfind('/', end);
  return path.substr(start == std::string::npos ? 0 : start + 1,
                     end - (start == std::string::npos ? 0 : start + 1) + 1);
}

/// Ruby's File.extname: ".gz" of "a.tar.gz", "" for ".bashrc", "." for "foo.".
std::string file_extname(const std::string& path) {
  std::string base = file_basename(path);
  std::size_t start = base.find_first_not_of('.');
  if (start == std::string::npos) return "";
  std::size_t dot = base.rfind('.');
  if (dot == std::string::npos || dot < start) return "";
  return base.substr(dot);
}

Value basename(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "basename(): No arguments given");
  if (args.size() > 2)
    raise(call, "basename(): Too many arguments given (" + std::to_string(args.size()) + ")");
  if (!args[0].is_string()) raise(call, "basename(): Requires string as first argument");
  std::string base = file_basename(args[0].string());
  if (args.size() == 2) {
    if (!args[1].is_string()) raise(call, "basename(): Requires string as second argument");
    const std::string& suffix = args[1].string();
    if (suffix == ".*") {
      std::string ext = file_extname(base);
      if (!ext.empty()) base.resize(base.size() - ext.size());
    } else if (!suffix.empty() && base.size() > suffix.size() && base.ends_with(suffix)) {
      base.resize(base.size() - suffix.size());
    }
  }
  return base;
}

Value dirname(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "dirname(): No arguments given");
  if (args.size() > 1)
    raise(call, "dirname(): Too many arguments given (" + std::to_string(args.size()) + ")");
  if (!args[0].is_string()) raise(call, "dirname(): Requires string as argument");
  std::string path = args[0].string();
  if (path.empty()) raise(call, "dirname(): Requires a non-empty string as argument");
  std::size_t end = path.find_last_not_of('/');
  if (end == std::string::npos) return "/";
  std::size_t slash = path.rfind('/', end);
  if (slash == std::string::npos) return ".";
  std::size_t keep = path.find_last_not_of('/', slash);
  return keep == std::string::npos ? std::string("/") : path.substr(0, keep + 1);
}

Value extname(CallContext& call) {
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_string())
    raise(call, "'stdlib::extname' parameter 'filename' expects a String value, got " +
                    type_name_of(call.arguments[0]));
  std::string ext = file_extname(call.arguments[0].string());
  if (ext.empty()) return RubyString{};  // File.extname's "" is a new ASCII-8BIT String
  return ext;
}

/// Applies `change` to the string, or to each string of an array (other elements kept).
template <typename Change>
Value on_strings(CallContext& call, const char* name, Change change) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty())
    raise(call, std::string(name) + "(): Wrong number of arguments given (0 for 1)");
  const Value& value = args[0];
  if (value.is_string()) return change(value.string());
  if (!value.is_array())
    raise(call, std::string(name) + "(): Requires either array or string to work with");
  Array out;
  for (const Value& item : value.array())
    out.push_back(item.is_string() ? Value(change(item.string())) : item);
  return out;
}

Value swapcase(CallContext& call) {
  return on_strings(call, "swapcase", [](std::string text) {
    for (char& c : text) {
      unsigned char u = static_cast<unsigned char>(c);
      if (std::islower(u))
        c = static_cast<char>(std::toupper(u));
      else if (std::isupper(u))
        c = static_cast<char>(std::tolower(u));
    }
    return text;
  });
}

std::string regexp_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\v':
        out += "\\v";
        break;
      case ' ':
        out += "\\ ";
        break;
      case '.':
      case '*':
      case '?':
      case '+':
      case '^':
      case '$':
      case '|':
      case '(':
      case ')':
      case '[':
      case ']':
      case '{':
      case '}':
      case '\\':
      case '#':
      case '-':
        out += '\\';
        out += c;
        break;
      default:
        out += c;
    }
  }
  return out;
}

Value regexpescape(CallContext& call) {
  return on_strings(call, "regexpescape", regexp_escape);
}

/// URI::DEFAULT_PARSER.escape: every byte outside RFC 2396's reserved and unreserved as %XX.
std::string uri_escape(const std::string& text) {
  static const std::string safe = "-_.!~*'();/?:@&=+$,[]";
  std::string out;
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u) && u < 0x80) {
      out += c;
    } else if (safe.find(c) != std::string::npos) {
      out += c;
    } else {
      static const char* digits = "0123456789ABCDEF";
      out += '%';
      out += digits[u >> 4];
      out += digits[u & 0xF];
    }
  }
  return out;
}

Value uriescape(CallContext& call) {
  return on_strings(call, "uriescape", uri_escape);
}

/// The characters a tr-style set ("a-z", "^0-9") names.
bool in_set(unsigned char c, const std::string& set) {
  bool negated = set.size() > 1 && set[0] == '^';
  bool found = false;
  for (std::size_t i = negated ? 1 : 0; i < set.size() && !found; ++i) {
    if (i + 2 < set.size() && set[i + 1] == '-') {
      found =
          c >= static_cast<unsigned char>(set[i]) && c <= static_cast<unsigned char>(set[i + 2]);
      i += 2;
    } else {
      found = c == static_cast<unsigned char>(set[i]);
    }
  }
  return found != negated;
}

std::string squeezed(const std::string& text, const std::optional<std::string>& set) {
  std::string out;
  for (char c : text) {
    bool repeat =
        !out.empty() && out.back() == c &&
        (static_cast<unsigned char>(c) < 0x80 || (static_cast<unsigned char>(c) & 0xC0) != 0x80);
    if (repeat && (!set || in_set(static_cast<unsigned char>(c), *set))) continue;
    out += c;
  }
  return out;
}

Value squeeze(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1 && args.size() != 2)
    raise(call, "squeeze(): Wrong number of arguments given " + std::to_string(args.size()) +
                    " for 2 or 1");
  std::optional<std::string> set;
  if (args.size() > 1 && truthy(args[1])) set = ruby_to_s(args[1]);
  auto squeeze_one = [&](const Value& item) -> Value {
    if (!item.is_string())
      raise(call, "undefined method `squeeze' for " + ruby_inspect(item) + ":" +
                      stdlib::ruby_class(item));
    return squeezed(item.string(), set);
  };
  if (!args[0].is_array()) return squeeze_one(args[0]);
  Array out;
  for (const Value& item : args[0].array()) out.push_back(squeeze_one(item));
  return out;
}

/// dos2unix / unix2dos: line endings converted.
template <bool ToUnix>
Value line_endings(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty() || !args[0].is_string())
    raise(call, std::string(ToUnix ? "dos2unix" : "unix2dos") + "(): Requires string as argument");
  const std::string& text = args[0].string();
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (ToUnix) {
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
      out += text[i];
    } else if (text[i] == '\r') {
      std::size_t j = i;
      while (j < text.size() && text[j] == '\r') ++j;
      if (j < text.size() && text[j] == '\n') {
        out += "\r\n";
        i = j;
      } else {
        out.append(j - i, '\r');
        i = j - 1;
      }
    } else if (text[i] == '\n') {
      out += "\r\n";
    } else {
      out += text[i];
    }
  }
  return out;
}

/// base64('encode' | 'decode', text, 'default' | 'strict' | 'urlsafe').
Value base64(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2)
    raise(call, "base64(): Wrong number of arguments (" + std::to_string(args.size()) +
                    "; must be >= 2)");
  std::string action = args[0].is_string() ? args[0].string() : "";
  if (action != "encode" && action != "decode")
    raise(call, "base64(): the first argument must be one of 'encode' or 'decode'");
  if (!args[1].is_string()) raise(call, "base64(): the second argument must be a string to base64");
  std::string method = args.size() > 2 ? ruby_to_s(args[2]) : "default";
  if (method != "default" && method != "strict" && method != "urlsafe")
    raise(call, "base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'");
  const std::string& text = args[1].string();
  if (action == "encode") {
    std::string encoded = text::base64_encode(text);
    if (method == "strict") return encoded;
    if (method == "urlsafe") {
      for (char& c : encoded) c = c == '+' ? '-' : c == '/' ? '_' : c;
      return encoded;
    }
    std::string lines;  // Base64.encode64: lines of 60 characters, each ending in a newline
    for (std::size_t at = 0; at < encoded.size(); at += 60) lines += encoded.substr(at, 60) + "\n";
    return lines;
  }
  std::string input = text;
  if (method == "urlsafe") {
    if (!input.ends_with("=") && input.size() % 4) input.append(4 - input.size() % 4, '=');
    for (char& c : input) c = c == '-' ? '+' : c == '_' ? '/' : c;
  }
  if (method == "default") {  // Base64.decode64 skips what is not Base64
    std::string kept;
    for (char c : input) {
      if (c == '=') break;
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/') kept += c;
    }
    if (kept.size() % 4 == 1) kept.pop_back();
    input = kept;
  } else if (input.size() % 4) {
    raise(call, "invalid base64");
  }
  std::optional<std::string> decoded = text::base64_decode(input);
  if (!decoded) raise(call, "invalid base64");
  return RubyString{std::move(*decoded)};  // Base64's decoding gives ASCII-8BIT
}

/// stdlib::start_with(text, prefix or prefixes) / stdlib::end_with.
template <bool AtStart>
Value affixed_with(CallContext& call) {
  call.expect_arguments(2, 2);
  const char* name = AtStart ? "'stdlib::start_with'" : "'stdlib::end_with'";
  if (!call.arguments[0].is_string())
    raise(call, std::string(name) + " parameter 'test_string' expects a String value, got " +
                    type_name_of(call.arguments[0]));
  const Value& wanted = call.arguments[1];
  Array candidates = wanted.is_array() ? wanted.array() : Array{wanted};
  const std::string& text = call.arguments[0].string();
  for (const Value& candidate : candidates) {
    if (!candidate.is_string() || candidate.string().empty())
      raise(call, std::string(name) + " parameter '" + (AtStart ? "prefixes" : "suffixes") +
                      "' expects a value of type String or Array, got " + type_name_of(wanted));
    if (AtStart ? text.starts_with(candidate.string()) : text.ends_with(candidate.string()))
      return true;
  }
  return false;
}

/// stdlib::xml_encode(text, 'text' | 'attr'): String#encode(xml: ...).
Value xml_encode(CallContext& call) {
  call.expect_arguments(1, 2);
  if (!call.arguments[0].is_string())
    raise(call, "'stdlib::xml_encode' parameter 'str' expects a String value, got " +
                    type_name_of(call.arguments[0]));
  bool attribute = call.arguments.size() > 1 && to_string(call.arguments[1]) == "attr";
  std::string out = attribute ? "\"" : "";
  for (char c : call.arguments[0].string()) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"' && attribute)
      out += "&quot;";
    else
      out += c;
  }
  return attribute ? out + "\"" : out;
}

/// enclose_ipv6(address or addresses): IPv6 addresses as "[address]", '*' kept, duplicates
/// dropped.
Value enclose_ipv6(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1)
    raise(call, "enclose_ipv6(): Wrong number of arguments given " + std::to_string(args.size()) +
                    " for 1");
  if (!args[0].is_string() && !args[0].is_array())
    raise(call, "enclose_ipv6(): Wrong argument type given " + stdlib::ruby_class(args[0]) +
                    " expected String or Array");
  Array inputs = args[0].is_array() ? args[0].array() : Array{args[0]};
  Array out;
  for (const Value& input : inputs) {
    if (input.is_undef()) continue;
    Value result = input;
    std::string text = ruby_to_s(input);
    if (text != "*") {
      std::optional<int> version = input.is_string() ? stdlib::ip_version(text) : std::nullopt;
      if (!version)
        raise(call, "enclose_ipv6(): Wrong argument given " + text + " is not an ip address.");
      if (*version == 6) {
        std::string bare = text.substr(0, text.find_first_of("/%"));
        if (bare.size() > 2 && bare.front() == '[') bare = bare.substr(1, bare.size() - 2);
        unsigned char bytes[16];
        char printed[INET6_ADDRSTRLEN];
        inet_pton(AF_INET6, bare.c_str(), bytes);
        if (std::size_t slash = text.find('/'); slash != std::string::npos) {
          // IPAddr keeps the network of an address with a prefix: the host bits cleared.
          std::string prefix = text.substr(slash + 1);
          int bits =
              prefix.find_first_not_of("0123456789") == std::string::npos ? std::stoi(prefix) : 128;
          for (int bit = bits; bit < 128; ++bit)
            bytes[bit / 8] &= static_cast<unsigned char>(~(0x80 >> (bit % 8)));
        }
        inet_ntop(AF_INET6, bytes, printed, sizeof printed);
        result = Value("[" + std::string(printed) + "]");
      }
    }
    if (std::none_of(out.begin(), out.end(),
                     [&](const Value& v) { return stdlib::ruby_eql(v, result); }))
      out.push_back(result);
  }
  return out;
}

}  // namespace

void register_stdlib_string_functions(FunctionTable& table) {
  table.emplace_back("basename", basename);
  table.emplace_back("dirname", dirname);
  table.emplace_back("stdlib::extname", extname);
  table.emplace_back("swapcase", swapcase);
  table.emplace_back("regexpescape", regexpescape);
  table.emplace_back("uriescape", uriescape);
  table.emplace_back("squeeze", squeeze);
  table.emplace_back("dos2unix", line_endings<true>);
  table.emplace_back("unix2dos", line_endings<false>);
  table.emplace_back("base64", base64);
  table.emplace_back("stdlib::start_with", affixed_with<true>);
  table.emplace_back("stdlib::end_with", affixed_with<false>);
  table.emplace_back("stdlib::xml_encode", xml_encode);
  table.emplace_back("enclose_ipv6", enclose_ipv6);
}

}  // namespace marionette::compiler
