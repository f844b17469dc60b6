#include <algorithm>
#include <cctype>

#include "compiler/functions/function.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/string_encoding.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

namespace {

/// join(array, separator = '')
Value join(CallContext& call) {
  call.expect_arguments(1, 2);
  if (!call.arguments[0].is_array())
    call.fail("parameter 'arg' expects an Array value, got " + type_name_of(call.arguments[0]));
  std::string separator = call.arguments.size() > 1 ? to_string(call.arguments[1]) : "";
  std::string out;
  JoinedEncoding encoding;  // Ruby's Array#join: its encoding rules hold
  bool first = true;
  auto append = [&](const auto& self, const Array& items, bool top) -> void {
    for (const Value& item : items) {
      if (item.is_array()) {
        self(self, item.array(), false);
        first = false;
        continue;
      }
      if (!first) {
        const std::size_t start = out.size();
        out += separator;
        encoding.add(out, start, call.arguments.size() > 1 && call.arguments[1].is_ascii_8bit(),
                     false);
      }
      const std::size_t start = out.size();
      // Ruby's Array#join: a hash as Ruby prints it (`{"a"=>1}`), the rest as Puppet does.
      if (item.is_hash())
        out += ruby_to_s(item);
      else
        append_string(item, out);
      encoding.add(out, start, item.is_ascii_8bit(), first && top);
      first = false;
    }
  };
  append(append, call.arguments[0].array(), true);  // nested arrays are flattened, as Puppet does
  return encoding.value(std::move(out));
}

/// split(string, separator): the separator is a regex (string or Regexp).
Value split(CallContext& call) {
  call.expect_arguments(2, 2);
  std::string text = to_string(call.arguments[0]);
  const Value& pattern = call.arguments[1];
  Array out;
  if (pattern.is_string() && pattern.string().empty()) {
    for (std::string_view c : ruby_characters(text, call.arguments[0].is_ascii_8bit()))
      out.push_back(string_like(call.arguments[0], std::string(c)));
    return out;
  }
  std::regex re;
  try {
    re = pattern.is_regexp() ? *pattern.regexp().compiled
                             : rubyish::compile_ruby_regex(pattern.string());
  } catch (const std::regex_error& e) {
    throw lang::SourceError(rubyish::ruby_regexp_error(pattern.string(), e), call.where);
  }
  for (std::string& piece : rubyish::regex_split_bounded(text, re))
    out.push_back(string_like(call.arguments[0], std::move(piece)));
  while (!out.empty() && out.back().string().empty()) out.pop_back();
  return out;
}

}  // namespace

void register_string_functions(FunctionTable& table) {
  table.emplace_back("join", join);
  table.emplace_back("split", split);
}

}  // namespace marionette::compiler
