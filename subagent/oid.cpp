#include "subagent/oid.hpp"

#include <algorithm>
#include <charconv>

namespace marionette::subagent {

std::optional<Oid> parse_oid(std::string_view text) {
  if (text.starts_with('.')) text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  Oid oid;
  while (true) {
    std::uint32_t arc = 0;
    const char* end = text.data() + text.size();
    auto [next, error] = std::from_chars(text.data(), end, arc);
    if (error != std::errc() || next == text.data()) return std::nullopt;
    oid.push_back(arc);
    if (next == end) return oid;
    if (*next != '.' || next + 1 == end) return std::nullopt;
    text = std::string_view(next + 1, end);
  }
}

std::string to_string(const Oid& oid) {
  std::string text;
  for (std::uint32_t arc : oid) text += '.' + std::to_string(arc);
  return text;
}

Oid join(const Oid& prefix, const Oid& suffix) {
  Oid oid = prefix;
  oid.insert(oid.end(), suffix.begin(), suffix.end());
  return oid;
}

bool starts_with(const Oid& oid, const Oid& prefix) {
  return oid.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), oid.begin());
}

}  // namespace marionette::subagent
