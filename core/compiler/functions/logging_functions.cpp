#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

std::string joined(const std::vector<Value>& arguments) {
  std::string out;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (i) out += ' ';
    append_string(arguments[i], out);
  }
  return out;
}

template <const char* Level>
Value log_at(CallContext& call) {
  call.host.log(Level, joined(call.arguments), call.scope);
  return Value();
}

// Puppet's log levels; the console labels them Notice, Warning, …, Critical, Emergency.
constexpr char kNotice[] = "notice";
constexpr char kWarning[] = "warning";
constexpr char kInfo[] = "info";
constexpr char kDebug[] = "debug";
constexpr char kErr[] = "err";
constexpr char kAlert[] = "alert";
constexpr char kCrit[] = "crit";
constexpr char kEmerg[] = "emerg";

/// fail(message): stops the compilation with the message, at the call.
Value fail(CallContext& call) {
  throw lang::SourceError(joined(call.arguments), call.where);
}

}  // namespace

void register_logging_functions(FunctionTable& table) {
  table.emplace_back("notice", log_at<kNotice>);
  table.emplace_back("warning", log_at<kWarning>);
  table.emplace_back("info", log_at<kInfo>);
  table.emplace_back("debug", log_at<kDebug>);
  table.emplace_back("err", log_at<kErr>);
  table.emplace_back("alert", log_at<kAlert>);
  table.emplace_back("crit", log_at<kCrit>);
  table.emplace_back("emerg", log_at<kEmerg>);
  table.emplace_back("fail", fail);
}

}  // namespace marionette::compiler
