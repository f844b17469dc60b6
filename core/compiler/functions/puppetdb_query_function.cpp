// puppetdb_query(QUERY): puppet-terminus-puppetdb's function, answered by the PuppetDB the
// compile's caller injected (compiler/puppetdb_queries.hpp).
#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/puppetdb_queries.hpp"
#include "compiler/types.hpp"
#include "compiler/value_data.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

[[noreturn]] void refuse(const CallContext& call, const std::string& message) {
  throw lang::SourceError("'puppetdb_query' " + message, call.where);
}

/// The query as the function's dispatch (Variant[String[1], Array[Data, 1]]) takes it, refused
/// in Puppet's words.
catalog::Data checked_query(const CallContext& call) {
  if (call.arguments.size() != 1)
    refuse(call, "expects 1 argument, got " + std::to_string(call.arguments.size()));
  const Value& query = call.arguments[0];
  if (query.is_string() && !query.string().empty()) return query.string();
  if (query.is_array() && !query.array().empty()) return to_data(query);
  if (query.is_string())
    refuse(call,
           "parameter 'query' expects a value of type String[1] or Array[Data, 1], got String");
  if (query.is_array())
    refuse(call, "parameter 'query' variant 0 expects a String value, got Array");
  refuse(call,
         "parameter 'query' expects a value of type String or Array, got " + type_name_of(query));
}

Value puppetdb_query(CallContext& call) {
  PuppetDbQueries* puppetdb = call.host.puppetdb();
  if (!puppetdb) throw lang::SourceError("Unknown function: 'puppetdb_query'.", call.where);
  const catalog::Data query = checked_query(call);
  try {
    return from_data(puppetdb->query(query));
  } catch (const PuppetDbQueryError& refused) {
    // The terminus parses whatever body comes back as JSON; PuppetDB's refusals are plain text.
    throw lang::SourceError(std::string("859: unexpected token at '") + refused.what() + "'",
                            call.where);
  } catch (const std::runtime_error& failed) {
    throw lang::SourceError(failed.what(), call.where);
  }
}

}  // namespace

void register_puppetdb_query_function(FunctionTable& table) {
  table.emplace_back("puppetdb_query", puppetdb_query);
}

}  // namespace marionette::compiler
