#include "compiler/evaluator.hpp"
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
  call.evaluator.log(Level, joined(call.arguments), call.scope);
  return Value();
}

constexpr char kNotice[] = "Notice";
constexpr char kWarning[] = "Warning";
constexpr char kInfo[] = "Info";
constexpr char kDebug[] = "Debug";
constexpr char kErr[] = "Error";
constexpr char kAlert[] = "Alert";
constexpr char kCrit[] = "Critical";
constexpr char kEmerg[] = "Emergency";

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
