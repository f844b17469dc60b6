#include "compiler/functions/function.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "text/base64.hpp"

namespace marionette::compiler {

namespace {

/// Binary('aGVsbG8=') (Base64, '%b'/'%B'), Binary('hi', '%r'/'%s') (the bytes themselves),
/// Binary([104, 105]) (byte values).
Value new_binary(CallContext& call) {
  call.expect_arguments(1, 2);
  const Value& data = call.arguments[0];
  if (is_runtime_value(data, "Binary")) return data;
  if (data.is_array()) {
    std::string bytes;
    for (const Value& b : data.array()) {
      if (!b.is_integer() || b.integer() < 0 || b.integer() > 255)
        call.fail("expects an Array of Integer[0, 255]");
      bytes += static_cast<char>(b.integer());
    }
    return make_runtime_value("Binary", {Value(bytes)});
  }
  if (!data.is_string()) call.fail("expects a String or an Array, got " + type_name_of(data));
  std::string format = call.arguments.size() > 1 ? to_string(call.arguments[1]) : "%B";
  if (format == "%r" || format == "%s") return make_runtime_value("Binary", {data});
  if (format != "%b" && format != "%B" && format != "%u")
    call.fail("unsupported format '" + format + "'");
  std::string text = data.string();
  if (format == "%u")
    for (char& c : text) c = c == '-' ? '+' : c == '_' ? '/' : c;
  auto bytes = text::base64_decode(text);
  if (!bytes) call.fail("The string '" + data.string() + "' is not valid Base64");
  return make_runtime_value("Binary", {Value(*bytes)});
}

}  // namespace

void register_binary_function(FunctionTable& table) {
  table.emplace_back("Binary", new_binary);
}

}  // namespace marionette::compiler
