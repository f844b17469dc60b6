#include "compiler/semver.hpp"

#include <cctype>
#include <charconv>
#include <limits>
#include <vector>

#include "compiler/runtime_values.hpp"

namespace marionette::compiler {

namespace {

bool parse_number(std::string_view text, std::int64_t& out) {
  if (text.empty() || (text.size() > 1 && text[0] == '0')) return false;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size();
}

bool valid_identifiers(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') return false;
  return text.front() != '.' && text.back() != '.' && text.find("..") == std::string_view::npos;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

bool is_numeric(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

int compare_prerelease(const std::string& a, const std::string& b) {
  if (a == b) return 0;
  if (a.empty()) return 1;  // a release sorts after its prereleases
  if (b.empty()) return -1;
  auto x = split(a, '.'), y = split(b, '.');
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (x[i] == y[i]) continue;
    bool nx = is_numeric(x[i]), ny = is_numeric(y[i]);
    if (nx && ny)
      return x[i].size() != y[i].size() ? (x[i].size() < y[i].size() ? -1 : 1)
                                        : (x[i] < y[i] ? -1 : 1);
    if (nx != ny) return nx ? -1 : 1;
    return x[i] < y[i] ? -1 : 1;
  }
  return x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
}

/// One bound of a range: a version (prerelease "" for releases) and how it compares.
struct Bound {
  std::int64_t major = 0, minor = 0, patch = 0;
  std::string prerelease;
  bool inclusive = true;
};

int compare_to(const TypeValue& v, const Bound& b) {
  std::int64_t parts[] = {v.parameters[0].integer(), v.parameters[1].integer(),
                          v.parameters[2].integer()};
  std::int64_t bounds[] = {b.major, b.minor, b.patch};
  for (int i = 0; i < 3; ++i)
    if (parts[i] != bounds[i]) return parts[i] < bounds[i] ? -1 : 1;
  return compare_prerelease(v.parameters[3].string(), b.prerelease);
}

/// A conjunction of bounds: low <= v < high.
struct Interval {
  std::optional<Bound> low, high;
  bool contains(const TypeValue& v) const {
    if (low) {
      int c = compare_to(v, *low);
      if (c < 0 || (c == 0 && !low->inclusive)) return false;
    }
    if (high) {
      int c = compare_to(v, *high);
      if (c > 0 || (c == 0 && !high->inclusive)) return false;
    }
    return true;
  }
};

/// "1", "1.2", "1.2.x", "1.2.3-rc": the given parts (count = how many were given).
struct Partial {
  std::int64_t part[3] = {0, 0, 0};
  int count = 0;
  std::string prerelease;
};

bool parse_partial(std::string_view text, Partial& out) {
  if (text == "*" || text == "x" || text == "X") return true;
  std::size_t dash = text.find('-');
  if (dash != std::string_view::npos) {
    out.prerelease = std::string(text.substr(dash + 1));
    text = text.substr(0, dash);
  }
  auto parts = split(text, '.');
  if (parts.size() > 3) return false;
  for (auto p : parts) {
    if (p == "x" || p == "X" || p == "*") break;
    if (!parse_number(p, out.part[out.count])) return false;
    ++out.count;
  }
  return out.count > 0 || parts.size() == 1;
}

Bound bound(const Partial& p, bool inclusive) {
  return Bound{p.part[0], p.part[1], p.part[2], p.prerelease, inclusive};
}

/// The first version past the partial's last given part: 1.2 -> 1.3.0, 1 -> 2.0.0.
Bound next_after(const Partial& p, int level) {
  Bound b{p.part[0], p.part[1], p.part[2], "", false};
  if (level <= 0) b.major += 1, b.minor = 0, b.patch = 0;
  if (level == 1) b.minor += 1, b.patch = 0;
  if (level >= 2) b.patch += 1;
  b.prerelease = "";
  return b;
}

bool parse_comparator(std::string_view text, Interval& out) {
  std::string_view op;
  for (std::string_view candidate : {">=", "<=", "~>", ">", "<", "=", "~", "^"})
    if (text.starts_with(candidate)) {
      op = candidate;
      break;
    }
  Partial p;
  if (!parse_partial(text.substr(op.size()), p)) return false;
  auto constrain_low = [&](Bound b) { out.low = b; };
  auto constrain_high = [&](Bound b) { out.high = b; };
  if (op == ">=") {
    constrain_low(bound(p, true));
  } else if (op == ">") {
    Bound low = p.count < 3 ? next_after(p, p.count - 1) : bound(p, false);
    low.inclusive = p.count < 3;
    constrain_low(low);
  } else if (op == "<") {
    constrain_high(Bound{p.part[0], p.part[1], p.part[2], p.prerelease, false});
  } else if (op == "<=") {
    if (p.count < 3)
      constrain_high(next_after(p, p.count - 1));
    else
      constrain_high(bound(p, true));
  } else if (op == "~>") {
    constrain_low(bound(p, true));
    constrain_high(next_after(p, p.count <= 1 ? 0 : p.count - 2));
  } else if (op == "~") {
    constrain_low(bound(p, true));
    constrain_high(next_after(p, p.count <= 1 ? 0 : 1));
  } else if (op == "^") {
    constrain_low(bound(p, true));
    int level = p.part[0] != 0 || p.count <= 1 ? 0 : (p.part[1] != 0 || p.count <= 2 ? 1 : 2);
    constrain_high(next_after(p, level));
  } else {  // "=" or none: exactly that version, or anything the partial allows
    if (p.count == 0) return true;
    constrain_low(bound(p, true));
    if (p.count == 3)
      constrain_high(bound(p, true));
    else
      constrain_high(next_after(p, p.count - 1));
  }
  return true;
}

/// Parses "a b c" (all must hold), or "1.2.3 - 2.0.0", into one interval set per alternative.
bool parse_alternative(std::string_view text, std::vector<Interval>& out) {
  std::vector<std::string> tokens;
  for (auto word : split(text, ' '))
    if (!word.empty()) tokens.emplace_back(word);
  // Glue operators written apart from their version: ">= 1.2".
  std::vector<std::string> glued;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    if (t.find_first_not_of("<>=~^") == std::string::npos && t != "-" && i + 1 < tokens.size()) {
      glued.push_back(t + tokens[++i]);
    } else {
      glued.push_back(t);
    }
  }
  if (glued.empty()) return false;
  if (glued.size() == 3 && glued[1] == "-") {
    Partial a, b;
    if (!parse_partial(glued[0], a) || !parse_partial(glued[2], b)) return false;
    Interval i;
    i.low = bound(a, true);
    i.high = b.count == 3 ? bound(b, true) : next_after(b, b.count - 1);
    out.push_back(i);
    return true;
  }
  for (const std::string& comparator : glued) {
    Interval i;
    if (!parse_comparator(comparator, i)) return false;
    out.push_back(i);
  }
  return true;
}

bool parse_range(std::string_view range, std::vector<std::vector<Interval>>& out) {
  std::size_t start = 0;
  while (true) {
    std::size_t end = range.find("||", start);
    std::vector<Interval> all;
    if (!parse_alternative(range.substr(start, end - start), all)) return false;
    out.push_back(std::move(all));
    if (end == std::string_view::npos) return true;
    start = end + 2;
  }
}

}  // namespace

std::optional<Value> parse_semver(std::string_view text) {
  std::string build, prerelease;
  if (auto plus = text.find('+'); plus != std::string_view::npos) {
    build = std::string(text.substr(plus + 1));
    if (!valid_identifiers(build)) return std::nullopt;
    text = text.substr(0, plus);
  }
  if (auto dash = text.find('-'); dash != std::string_view::npos) {
    prerelease = std::string(text.substr(dash + 1));
    if (!valid_identifiers(prerelease)) return std::nullopt;
    text = text.substr(0, dash);
  }
  auto parts = split(text, '.');
  if (parts.size() != 3) return std::nullopt;
  std::int64_t numbers[3];
  for (int i = 0; i < 3; ++i)
    if (!parse_number(parts[i], numbers[i])) return std::nullopt;
  return make_runtime_value("SemVer", {Value(numbers[0]), Value(numbers[1]), Value(numbers[2]),
                                       Value(prerelease), Value(build)});
}

std::string semver_to_string(const TypeValue& v) {
  std::string out = std::to_string(v.parameters[0].integer()) + "." +
                    std::to_string(v.parameters[1].integer()) + "." +
                    std::to_string(v.parameters[2].integer());
  if (!v.parameters[3].string().empty()) out += "-" + v.parameters[3].string();
  if (!v.parameters[4].string().empty()) out += "+" + v.parameters[4].string();
  return out;
}

int compare_semver(const TypeValue& a, const TypeValue& b) {
  for (int i = 0; i < 3; ++i) {
    auto x = a.parameters[i].integer(), y = b.parameters[i].integer();
    if (x != y) return x < y ? -1 : 1;
  }
  return compare_prerelease(a.parameters[3].string(), b.parameters[3].string());
}

bool is_semver_range(std::string_view range) {
  std::vector<std::vector<Interval>> parsed;
  return parse_range(range, parsed);
}

bool semver_in_range(const TypeValue& version, std::string_view range) {
  std::vector<std::vector<Interval>> parsed;
  if (!parse_range(range, parsed)) return false;
  for (const auto& all : parsed) {
    bool inside = true;
    for (const Interval& i : all) inside = inside && i.contains(version);
    if (inside) return true;
  }
  return false;
}

}  // namespace marionette::compiler
