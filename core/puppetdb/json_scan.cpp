// Stepping over JSON text: strings by their quotes (an escaped quote is skipped with its
// backslash), arrays and objects by counting brackets outside strings, scalars to the next
// delimiter.
#include "puppetdb/json_scan.hpp"

#include <algorithm>
#include <cstring>

#include "puppetdb/store.hpp"

namespace marionette::puppetdb {

namespace {

[[noreturn]] void malformed(std::string_view text) {
  throw StoreError("a stored document is not JSON: " +
                   std::string(text.substr(0, std::min<std::size_t>(text.size(), 80))));
}

std::size_t skip_space(std::string_view text, std::size_t at) {
  while (at < text.size() &&
         (text[at] == ' ' || text[at] == '\n' || text[at] == '\r' || text[at] == '\t'))
    ++at;
  return at;
}

/// `at` is at the opening quote; the index after the closing one.
std::size_t skip_string(std::string_view text, std::size_t at) {
  ++at;
  while (true) {
    const void* found =
        at < text.size() ? std::memchr(text.data() + at, '"', text.size() - at) : nullptr;
    if (!found) malformed(text);
    std::size_t quote = static_cast<const char*>(found) - text.data();
    std::size_t backslashes = 0;
    while (quote - backslashes > at && text[quote - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return quote + 1;
    at = quote + 1;
  }
}

/// A value's text as JSON: null, true, false and a string without escapes made directly,
/// anything else parsed.
nlohmann::json scalar_or_parsed(std::string_view document, std::string_view value) {
  if (value == "null") return nullptr;
  if (value == "true") return true;
  if (value == "false") return false;
  if (value.size() >= 2 && value.front() == '"' &&
      value.find_first_of("\\\"", 1) == value.size() - 1)
    return std::string(value.substr(1, value.size() - 2));
  nlohmann::json parsed = nlohmann::json::parse(value, nullptr, false);
  if (parsed.is_discarded()) malformed(document);
  return parsed;
}

}  // namespace

std::size_t skip_json_value(std::string_view text, std::size_t at) {
  at = skip_space(text, at);
  if (at >= text.size()) malformed(text);
  const char first = text[at];
  if (first == '"') return skip_string(text, at);
  if (first != '[' && first != '{') {
    while (at < text.size() && text[at] != ',' && text[at] != ']' && text[at] != '}' &&
           text[at] != ' ' && text[at] != '\n' && text[at] != '\r' && text[at] != '\t')
      ++at;
    return at;
  }
  std::size_t depth = 0;
  while (at < text.size()) {
    const char c = text[at];
    if (c == '"') {
      at = skip_string(text, at);
      continue;
    }
    if (c == '[' || c == '{') ++depth;
    if ((c == ']' || c == '}') && --depth == 0) return at + 1;
    ++at;
  }
  malformed(text);
}

void for_each_json_member(
    std::string_view text,
    const std::function<void(std::string_view name, std::string_view value)>& each) {
  for_each_json_member_while(text, [&](std::string_view name, std::string_view value) {
    each(name, value);
    return true;
  });
}

void for_each_json_member_while(
    std::string_view text,
    const std::function<bool(std::string_view name, std::string_view value)>& each) {
  std::size_t at = skip_space(text, 0);
  if (at >= text.size() || text[at] != '{') malformed(text);
  at = skip_space(text, at + 1);
  if (at < text.size() && text[at] == '}') return;
  while (true) {
    if (at >= text.size() || text[at] != '"') malformed(text);
    const std::size_t name_start = at;
    const std::size_t name_end = skip_string(text, at);
    at = skip_space(text, name_end);
    if (at >= text.size() || text[at] != ':') malformed(text);
    const std::size_t value_start = skip_space(text, at + 1);
    const std::size_t value_end = skip_json_value(text, value_start);
    if (!each(text.substr(name_start, name_end - name_start),
              text.substr(value_start, value_end - value_start)))
      return;
    at = skip_space(text, value_end);
    if (at < text.size() && text[at] == ',') {
      at = skip_space(text, at + 1);
      continue;
    }
    if (at < text.size() && text[at] == '}') return;
    malformed(text);
  }
}

std::string json_name(std::string_view written) {
  std::string_view raw = written.substr(1, written.size() - 2);
  if (raw.find('\\') == std::string_view::npos) return std::string(raw);
  nlohmann::json parsed = nlohmann::json::parse(written, nullptr, false);
  if (!parsed.is_string()) malformed(written);
  return parsed.get<std::string>();
}

std::string_view json_name_view(std::string_view written, std::string& unescaped) {
  const std::string_view raw = written.substr(1, written.size() - 2);
  if (raw.find('\\') == std::string_view::npos) return raw;
  unescaped = json_name(written);
  return unescaped;
}

nlohmann::json json_members_where(std::string_view text,
                                  const std::function<bool(std::string_view name)>& wanted) {
  nlohmann::json out = nlohmann::json::object();
  for_each_json_member(text, [&](std::string_view written, std::string_view value) {
    // a name with an escape is compared as parsed
    std::string unescaped;
    const std::string_view name = json_name_view(written, unescaped);
    if (wanted(name)) out[std::string(name)] = scalar_or_parsed(text, value);
  });
  return out;
}

void for_each_json_element(std::string_view text,
                           const std::function<bool(std::string_view element)>& each) {
  std::size_t at = skip_space(text, 0);
  if (at >= text.size() || text[at] != '[') malformed(text);
  at = skip_space(text, at + 1);
  if (at < text.size() && text[at] == ']') return;
  while (true) {
    const std::size_t start = skip_space(text, at);
    const std::size_t end = skip_json_value(text, start);
    if (!each(text.substr(start, end - start))) return;
    at = skip_space(text, end);
    if (at < text.size() && text[at] == ',') {
      ++at;
      continue;
    }
    if (at < text.size() && text[at] == ']') return;
    malformed(text);
  }
}

void append_json_string(std::string_view text, std::string& out) {
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  });
  if (!plain) {
    out += nlohmann::json(std::string(text))
               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

}  // namespace marionette::puppetdb
