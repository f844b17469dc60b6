// Functions that trim strings at their ends: strip, lstrip, rstrip, chomp, chop.
#include "compiler/functions/function.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

bool is_ruby_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c == '\0';
}

/// Applies `edit` to a string, or to each string of an array, as Puppet's string functions do.
template <class Edit>
Value each_string(CallContext& call, Edit edit) {
  call.expect_arguments(1, 1);
  call.arguments[0] = iterator_as_array(std::move(call.arguments[0]));  // mapped as an Array
  const Value& value = call.arguments[0];
  if (value.is_array()) {
    Array out;
    for (const Value& item : value.array())
      out.push_back(item.is_string() ? string_like(item, edit(item.string())) : item);
    return out;
  }
  if (!value.is_string()) return value;
  return string_like(value, edit(value.string()));
}

std::string strip_left(std::string text) {
  std::size_t start = 0;
  while (start < text.size() && is_ruby_space(text[start])) ++start;
  return text.substr(start);
}

std::string strip_right(std::string text) {
  while (!text.empty() && is_ruby_space(text.back())) text.pop_back();
  return text;
}

Value strip(CallContext& call) {
  return each_string(call, [](const std::string& t) { return strip_right(strip_left(t)); });
}

Value lstrip(CallContext& call) {
  return each_string(call, strip_left);
}

Value rstrip(CallContext& call) {
  return each_string(call, strip_right);
}

Value chomp(CallContext& call) {
  return each_string(call, [](std::string t) {
    if (t.ends_with("\r\n"))
      t.resize(t.size() - 2);
    else if (t.ends_with('\n') || t.ends_with('\r'))
      t.pop_back();
    return t;
  });
}

/// Ruby's String#chop: the last character removed (a UTF-8 character whole; "\r\n" as one).
std::string chop_text(const std::string& text) {
  if (text.ends_with("\r\n")) return text.substr(0, text.size() - 2);
  std::size_t end = text.size();
  while (end > 0 && (static_cast<unsigned char>(text[end - 1]) & 0xC0) == 0x80) --end;
  return end == 0 ? std::string() : text.substr(0, end - 1);
}

/// chop(): a number is itself, a string chopped, an array has each string chopped.
Value chop(CallContext& call) {
  call.expect_arguments(1, 1);
  call.arguments[0] = iterator_as_array(std::move(call.arguments[0]));  // mapped as an Array
  const Value& value = call.arguments[0];
  if (value.is_number()) return value;
  if (value.is_array()) {
    Array out;
    for (const Value& item : value.array())
      out.push_back(item.is_string() ? string_like(item, chop_text(item.string())) : item);
    return out;
  }
  return string_like(value, chop_text(to_string(value)));
}

}  // namespace

void register_trim_functions(FunctionTable& table) {
  table.emplace_back("strip", strip);
  table.emplace_back("lstrip", lstrip);
  table.emplace_back("rstrip", rstrip);
  table.emplace_back("chomp", chomp);
  table.emplace_back("chop", chop);
}

}  // namespace marionette::compiler
