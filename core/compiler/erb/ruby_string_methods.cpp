#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "compiler/erb/ruby_kernel.hpp"
#include "compiler/erb/ruby_methods.hpp"
#include "compiler/functions/ruby_format.hpp"

namespace marionette::compiler::erb {

namespace {

const std::string& self_string(const MethodCall& c) { return c.self.string(); }

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == '\0'; }

std::string stripped(const std::string& s, bool left, bool right) {
  std::size_t begin = 0, end = s.size();
  if (left) while (begin < end && is_space(s[begin])) ++begin;
  if (right) while (end > begin && is_space(s[end - 1])) --end;
  return s.substr(begin, end - begin);
}

std::string mapped(std::string s, int (*f)(int)) {
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x80) c = static_cast<char>(f(static_cast<unsigned char>(c)));
  return s;
}

void set_last_match(MethodCall& c, const std::smatch& m) {
  c.last_match.clear();
  for (const auto& group : m) c.last_match.push_back(group.matched ? RubyValue(group.str()) : RubyValue());
}

/// A sub/gsub replacement: `\0`/`\&` the match, `\1`..`\9` the groups, `\\` a backslash.
std::string expand_replacement(const std::string& replacement, const std::smatch& m) {
  std::string out;
  for (std::size_t i = 0; i < replacement.size(); ++i) {
    char c = replacement[i];
    if (c != '\\' || i + 1 == replacement.size()) {
      out += c;
      continue;
    }
    char n = replacement[++i];
    if (n >= '0' && n <= '9') {
      std::size_t group = static_cast<std::size_t>(n - '0');
      if (group < m.size()) out += m[group].str();
    } else if (n == '&') {
      out += m[0].str();
    } else if (n == '\\') {
      out += '\\';
    } else {
      out += '\\';
      out += n;
    }
  }
  return out;
}

std::string substitute(MethodCall& c, bool global) {
  const std::string& s = self_string(c);
  c.arity(1, 2);
  std::regex re = regex_of(c.args[0]);
  std::string out;
  auto begin = s.cbegin();
  std::smatch m;
  auto flags = std::regex_constants::match_default;
  while (std::regex_search(begin, s.cend(), m, re, flags)) {
    out.append(begin, m[0].first);
    set_last_match(c, m);
    if (c.args.size() == 2) {
      const RubyValue& with = c.args[1];
      if (with.is_hash()) {
        RubyValue* found = hash_lookup(with.hash(), RubyValue(m[0].str()));
        if (found) out += to_s(*found);
      } else {
        out += expand_replacement(string_argument(with), m);
      }
    } else {
      out += to_s(c.yield({RubyValue(m[0].str())}));
    }
    if (m[0].length() == 0) {
      if (m[0].second == s.cend()) { begin = s.cend(); break; }
      out += *m[0].second;
      begin = m[0].second + 1;
    } else {
      begin = m[0].second;
    }
    flags |= std::regex_constants::match_prev_avail;
    if (!global) break;
  }
  out.append(begin, s.cend());
  return out;
}

RubyValue split(MethodCall& c) {
  c.arity(0, 2);
  const std::string& s = self_string(c);
  std::int64_t limit = c.args.size() > 1 ? integer_argument(c.args[1]) : 0;
  RubyArray out;
  bool whitespace = c.args.empty() || c.args[0].is_nil() || (c.args[0].is_string() && c.args[0].string() == " ");
  if (whitespace) {
    std::size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && is_space(s[i])) ++i;
      if (i == s.size()) break;
      if (limit > 0 && static_cast<std::int64_t>(out.size()) == limit - 1) {
        out.push_back(s.substr(i));
        break;
      }
      std::size_t start = i;
      while (i < s.size() && !is_space(s[i])) ++i;
      out.push_back(s.substr(start, i - start));
    }
    return out;
  }
  if (c.args[0].is_string() && c.args[0].string().empty()) {
    for (char ch : s) out.push_back(std::string(1, ch));
    return out;
  }
  std::regex re = regex_of(c.args[0]);
  auto begin = s.cbegin();
  std::smatch m;
  while ((limit <= 0 || static_cast<std::int64_t>(out.size()) < limit - 1) &&
         std::regex_search(begin, s.cend(), m, re)) {
    if (m[0].length() == 0) {
      if (m[0].first == s.cend()) break;
      out.push_back(std::string(begin, m[0].first + 1));
      begin = m[0].first + 1;
      continue;
    }
    out.push_back(std::string(begin, m[0].first));
    for (std::size_t g = 1; g < m.size(); ++g)
      if (m[g].matched) out.push_back(m[g].str());
    begin = m[0].second;
  }
  out.push_back(std::string(begin, s.cend()));
  if (limit == 0)
    while (!out.empty() && out.back().string().empty()) out.pop_back();
  return out;
}

RubyValue index_string(MethodCall& c) {
  c.arity(1, 2);
  const std::string& s = self_string(c);
  auto size = static_cast<std::int64_t>(s.size());
  const RubyValue& first = c.args[0];
  if (first.is_string()) return s.find(first.string()) == std::string::npos ? RubyValue() : first;
  if (first.is_regexp()) {
    std::smatch m;
    if (!std::regex_search(s, m, *first.regexp().compiled)) return RubyValue();
    set_last_match(c, m);
    std::size_t group = c.args.size() > 1 ? static_cast<std::size_t>(integer_argument(c.args[1])) : 0;
    return group < m.size() && m[group].matched ? RubyValue(m[group].str()) : RubyValue();
  }
  std::int64_t start, length;
  if (first.is_range()) {
    start = first.range().first;
    std::int64_t last = first.range().last;
    if (start < 0) start += size;
    if (last < 0) last += size;
    length = last - start + (first.range().exclusive ? 0 : 1);
  } else {
    start = integer_argument(first);
    if (start < 0) start += size;
    if (c.args.size() == 1) {
      if (start < 0 || start >= size) return RubyValue();
      return std::string(1, s[static_cast<std::size_t>(start)]);
    }
    length = integer_argument(c.args[1]);
  }
  if (start < 0 || start > size || length < 0) return RubyValue();
  return s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(std::max<std::int64_t>(length, 0)));
}

RubyValue justify(MethodCall& c) {
  c.arity(1, 2);
  std::int64_t width = integer_argument(c.args[0]);
  std::string pad = c.args.size() > 1 ? string_argument(c.args[1]) : " ";
  if (pad.empty()) throw RubyError("zero width padding");
  const std::string& s = self_string(c);
  std::int64_t missing = width - static_cast<std::int64_t>(char_count(s));
  if (missing <= 0) return s;
  auto padding = [&](std::int64_t n) {
    std::string out;
    for (std::int64_t i = 0; i < n; ++i) out += pad[static_cast<std::size_t>(i) % pad.size()];
    return out;
  };
  if (c.name == "ljust") return s + padding(missing);
  if (c.name == "rjust") return padding(missing) + s;
  return padding(missing / 2) + s + padding(missing - missing / 2);
}

RubyValue match_string(MethodCall& c) {
  c.arity(1, 1);
  RubyValue pattern = c.args[0];
  const RubyValue& text = c.self.is_regexp() ? pattern : c.self;
  std::regex re = regex_of(c.self.is_regexp() ? c.self : pattern);
  if (text.is_nil()) return c.name == "match?" ? RubyValue(false) : RubyValue();
  std::smatch m;
  const std::string& s = string_argument(text);
  if (!std::regex_search(s, m, re)) {
    c.last_match.clear();
    return RubyValue();
  }
  set_last_match(c, m);
  if (c.name == "=~") return static_cast<std::int64_t>(m.position(0));
  if (c.name == "match?") return true;
  return RubyArray(c.last_match.begin(), c.last_match.end());
}

std::string puppets_string(const MethodCall& c) {
  return "'" + c.name + "' on a String of Puppet's (a variable's value)";
}

/// The receiver's text, to change in place (every name for the String sees the change).
std::string& changeable(MethodCall& c) {
  RubyString& s = c.self.string_object();
  if (s.owner == RubyString::Owner::Frozen)
    throw RubyError("can't modify frozen String: " + inspect(c.self));
  if (s.owner == RubyString::Owner::Puppet) throw BeyondTheEngine{puppets_string(c)};
  return s.text;
}

RubyValue concat(MethodCall& c) {
  c.arity(1, 1);
  std::string& s = changeable(c);
  const RubyValue& other = c.args[0];
  if (other.is_integer()) s += static_cast<char>(other.integer());
  else s += string_argument(other);
  return c.self;
}

/// `strip!`, `gsub!`, ...: the method without the `!`, its result kept in place; nil when
/// nothing changed, as Ruby's.
RubyValue in_place(MethodCall& c) {
  changeable(c);
  Method plain = string_methods().at(std::string_view(c.name).substr(0, c.name.size() - 1));
  RubyValue out = plain(c);
  std::string& text = changeable(c);
  if (out.string() == text) return RubyValue();
  text = out.string();
  return c.self;
}

}  // namespace

const MethodTable& string_methods() {
  static const MethodTable table = {
      {"+", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return self_string(c) + string_argument(c.args[0]); }},
      {"*", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         std::int64_t n = integer_argument(c.args[0]);
         if (n < 0) throw RubyError("negative argument");
         std::string out;
         for (std::int64_t i = 0; i < n; ++i) out += self_string(c);
         return out;
       }},
      {"<<", concat}, {"concat", concat},
      {"<=>", [](MethodCall& c) -> RubyValue { c.arity(1, 1); if (!c.args[0].is_string()) return RubyValue(); return compare(c.self, c.args[0]); }},
      {"<", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return compare(c.self, c.args[0]) < 0; }},
      {"<=", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return compare(c.self, c.args[0]) <= 0; }},
      {">", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return compare(c.self, c.args[0]) > 0; }},
      {">=", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return compare(c.self, c.args[0]) >= 0; }},
      {"=~", match_string}, {"match", match_string}, {"match?", match_string},
      {"[]", index_string}, {"slice", index_string},
      {"length", [](MethodCall& c) -> RubyValue { return static_cast<std::int64_t>(char_count(self_string(c))); }},
      {"size", [](MethodCall& c) -> RubyValue { return static_cast<std::int64_t>(char_count(self_string(c))); }},
      {"bytesize", [](MethodCall& c) -> RubyValue { return static_cast<std::int64_t>(self_string(c).size()); }},
      {"empty?", [](MethodCall& c) -> RubyValue { return self_string(c).empty(); }},
      {"to_s", [](MethodCall& c) -> RubyValue { return c.self; }},
      {"to_str", [](MethodCall& c) -> RubyValue { return c.self; }},
      {"dup", [](MethodCall& c) -> RubyValue { return std::string(self_string(c)); }},
      {"freeze", [](MethodCall& c) -> RubyValue { c.self.string_object().owner = RubyString::Owner::Frozen; return c.self; }},
      {"frozen?", [](MethodCall& c) -> RubyValue {
         RubyString::Owner owner = c.self.string_object().owner;
         if (owner == RubyString::Owner::Puppet) throw BeyondTheEngine{puppets_string(c)};  // as Puppet made it
         return owner == RubyString::Owner::Frozen;
       }},
      {"replace", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         std::string with = string_argument(c.args[0]);
         changeable(c) = std::move(with);
         return c.self;
       }},
      {"prepend", [](MethodCall& c) -> RubyValue {
         std::string front;
         for (const RubyValue& part : c.args) front += string_argument(part);
         changeable(c).insert(0, front);
         return c.self;
       }},
      {"clear", [](MethodCall& c) -> RubyValue { changeable(c).clear(); return c.self; }},
      {"reverse!", [](MethodCall& c) -> RubyValue {
         std::string& s = changeable(c);
         std::reverse(s.begin(), s.end());
         return c.self;
       }},
      {"strip!", in_place}, {"lstrip!", in_place}, {"rstrip!", in_place}, {"chomp!", in_place},
      {"chop!", in_place}, {"upcase!", in_place}, {"downcase!", in_place},
      {"capitalize!", in_place}, {"swapcase!", in_place}, {"squeeze!", in_place},
      {"delete!", in_place}, {"tr!", in_place}, {"sub!", in_place}, {"gsub!", in_place},
      {"to_i", [](MethodCall& c) -> RubyValue { return static_cast<std::int64_t>(std::strtoll(self_string(c).c_str(), nullptr, 10)); }},
      {"to_f", [](MethodCall& c) -> RubyValue { return std::strtod(self_string(c).c_str(), nullptr); }},
      {"strip", [](MethodCall& c) -> RubyValue { return stripped(self_string(c), true, true); }},
      {"lstrip", [](MethodCall& c) -> RubyValue { return stripped(self_string(c), true, false); }},
      {"rstrip", [](MethodCall& c) -> RubyValue { return stripped(self_string(c), false, true); }},
      {"chomp", [](MethodCall& c) -> RubyValue {
         c.arity(0, 1);
         std::string s = self_string(c);
         if (!c.args.empty()) {
           std::string suffix = string_argument(c.args[0]);
           if (suffix.empty()) {  // every trailing line break
             while (s.ends_with("\n")) s.resize(s.size() - (s.ends_with("\r\n") ? 2 : 1));
             return s;
           }
           if (suffix != "\n") {
             if (s.ends_with(suffix)) s.resize(s.size() - suffix.size());
             return s;
           }
         }
         if (s.ends_with("\r\n")) s.resize(s.size() - 2);
         else if (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
         return s;
       }},
      {"chop", [](MethodCall& c) -> RubyValue { std::string s = self_string(c); if (!s.empty()) s.pop_back(); return s; }},
      {"upcase", [](MethodCall& c) -> RubyValue { return mapped(self_string(c), ::toupper); }},
      {"downcase", [](MethodCall& c) -> RubyValue { return mapped(self_string(c), ::tolower); }},
      {"capitalize", [](MethodCall& c) -> RubyValue {
         std::string s = mapped(self_string(c), ::tolower);
         if (!s.empty() && static_cast<unsigned char>(s[0]) < 0x80) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
         return s;
       }},
      {"reverse", [](MethodCall& c) -> RubyValue { std::string s = self_string(c); std::reverse(s.begin(), s.end()); return s; }},
      {"include?", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return self_string(c).find(string_argument(c.args[0])) != std::string::npos; }},
      {"start_with?", [](MethodCall& c) -> RubyValue {
         for (const RubyValue& p : c.args) if (self_string(c).starts_with(string_argument(p))) return true;
         return false;
       }},
      {"end_with?", [](MethodCall& c) -> RubyValue {
         for (const RubyValue& p : c.args) if (self_string(c).ends_with(string_argument(p))) return true;
         return false;
       }},
      {"index", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (c.args[0].is_regexp()) {
           std::smatch m;
           if (!std::regex_search(self_string(c), m, *c.args[0].regexp().compiled)) return RubyValue();
           return static_cast<std::int64_t>(m.position(0));
         }
         std::size_t at = self_string(c).find(string_argument(c.args[0]));
         return at == std::string::npos ? RubyValue() : RubyValue(static_cast<std::int64_t>(at));
       }},
      {"sub", [](MethodCall& c) -> RubyValue { return substitute(c, false); }},
      {"gsub", [](MethodCall& c) -> RubyValue { return substitute(c, true); }},
      {"split", split},
      {"scan", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         const std::string& s = self_string(c);
         std::regex re = regex_of(c.args[0]);
         RubyArray out;
         for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it) {
           const std::smatch& m = *it;
           if (m.size() == 1) {
             out.push_back(m[0].str());
           } else {
             RubyArray groups;
             for (std::size_t g = 1; g < m.size(); ++g) groups.push_back(m[g].matched ? RubyValue(m[g].str()) : RubyValue());
             out.push_back(std::move(groups));
           }
           if (c.has_block()) c.yield({out.back()});
         }
         return c.has_block() ? c.self : RubyValue(std::move(out));
       }},
      {"lines", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         const std::string& s = self_string(c);
         std::size_t start = 0;
         while (start < s.size()) {
           std::size_t nl = s.find('\n', start);
           std::size_t end = nl == std::string::npos ? s.size() : nl + 1;
           out.push_back(s.substr(start, end - start));
           start = end;
         }
         return out;
       }},
      {"chars", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         for (char ch : self_string(c)) out.push_back(std::string(1, ch));
         return out;
       }},
      {"ljust", justify}, {"rjust", justify}, {"center", justify},
      {"tr", [](MethodCall& c) -> RubyValue {
         c.arity(2, 2);
         auto expand = [](const std::string& set) {
           std::string out;
           for (std::size_t i = 0; i < set.size(); ++i) {
             if (i + 2 < set.size() && set[i + 1] == '-') {
               for (char ch = set[i]; ch <= set[i + 2]; ++ch) out += ch;
               i += 2;
             } else {
               out += set[i];
             }
           }
           return out;
         };
         std::string from = expand(string_argument(c.args[0])), to = expand(string_argument(c.args[1]));
         if (from.starts_with("^")) throw RubyError("tr with '^' is beyond the template engine");
         std::string s = self_string(c), out;
         for (char ch : s) {
           std::size_t at = from.find(ch);
           if (at == std::string::npos) out += ch;
           else if (!to.empty()) out += to[std::min(at, to.size() - 1)];
         }
         return out;
       }},
      {"squeeze", [](MethodCall& c) -> RubyValue {
         c.arity(0, 1);
         std::string only = c.args.empty() ? std::string() : string_argument(c.args[0]), out;
         if (only.find_first_of("-^\\") != std::string::npos)
           throw RubyError("squeeze with a character range is beyond the template engine");
         for (char ch : self_string(c)) {
           bool squeezable = c.args.empty() || only.find(ch) != std::string::npos;
           if (out.empty() || out.back() != ch || !squeezable) out += ch;
         }
         return out;
       }},
      {"swapcase", [](MethodCall& c) -> RubyValue {
         std::string s = self_string(c);
         for (char& ch : s) {
           auto u = static_cast<unsigned char>(ch);
           if (u >= 'a' && u <= 'z') ch = static_cast<char>(u - 'a' + 'A');
           else if (u >= 'A' && u <= 'Z') ch = static_cast<char>(u - 'A' + 'a');
         }
         return s;
       }},
      {"delete", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         std::string chars = string_argument(c.args[0]), out;
         for (char ch : self_string(c)) if (chars.find(ch) == std::string::npos) out += ch;
         return out;
       }},
      {"%", [](MethodCall& c) -> RubyValue {  // Kernel#format: an Array holds the values
         c.arity(1, 1);
         return format_values(self_string(c),
                              c.args[0].is_array() ? c.args[0].array() : RubyArray{c.args[0]});
       }},
      {"each_line", [](MethodCall& c) -> RubyValue {
         const std::string& s = self_string(c);
         std::size_t start = 0;
         while (start < s.size()) {
           std::size_t nl = s.find('\n', start);
           std::size_t end = nl == std::string::npos ? s.size() : nl + 1;
           c.yield({RubyValue(s.substr(start, end - start))});
           start = end;
         }
         return c.self;
       }},
  };
  return table;
}

}  // namespace marionette::compiler::erb
