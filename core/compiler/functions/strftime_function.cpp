#include "compiler/functions/function.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/time_format.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

/// strftime(Timestamp, format[, timezone]), strftime(Timespan, format).
Value strftime(CallContext& call) try {
  call.expect_arguments(2, 3);
  const Value& time = call.arguments[0];
  std::string format = to_string(call.arguments[1]);
  if (is_runtime_value(time, "Timespan"))
    return format_timespan(time.type().parameters[0].integer(), format);
  if (!is_runtime_value(time, "Timestamp"))
    call.fail("expects a Timestamp or a Timespan, got " + type_name_of(time));
  if (call.arguments.size() > 2) {
    std::string zone = to_string(call.arguments[2]);
    if (zone != "UTC" && zone != "utc" && zone != "Z" && zone != "GMT")
      call.fail("only the UTC timezone is supported, got '" + zone + "'");
  }
  return format_timestamp(time.type().parameters[0].integer(), time.type().parameters[1].integer(),
                          format);
} catch (const TimeFormatError& e) {  // Ruby's error, which Puppet shows as it is
  throw lang::SourceError(e.what(), call.where);
}

}  // namespace

void register_strftime_function(FunctionTable& table) {
  table.emplace_back("strftime", strftime);
}

}  // namespace marionette::compiler
