#include <stdexcept>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/hiera/hiera.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

/// What a lookup asks for, from whichever of lookup()'s signatures was used.
struct LookupOptions {
  std::vector<std::string> names;
  std::optional<TypeValue> value_type;
  std::optional<hiera::MergeStrategy> merge;
  std::optional<Value> default_value;
};

void read_options_hash(CallContext& call, const Hash& options, LookupOptions& out) {
  for (const auto& [key, value] : options) {
    std::string name = to_string(key);
    if (name == "name") {
      out.names.clear();
      if (value.is_array())
        for (const Value& item : value.array()) out.names.push_back(to_string(item));
      else
        out.names.push_back(to_string(value));
    } else if (name == "value_type" && value.is_type()) {
      out.value_type = value.type();
    } else if (name == "merge" && !value.is_undef()) {
      out.merge = hiera::parse_merge(value);
      if (!out.merge) call.fail("unknown merge strategy " + to_string(value));
    } else if (name == "default_value") {
      out.default_value = value;
    }
  }
}

LookupOptions read_arguments(CallContext& call) {
  call.expect_arguments(1, 4);
  LookupOptions out;
  std::vector<Value>& args = call.arguments;
  if (args[0].is_hash()) {
    read_options_hash(call, args[0].hash(), out);
    return out;
  }
  if (args[0].is_array())
    for (const Value& item : args[0].array()) out.names.push_back(to_string(item));
  else
    out.names.push_back(to_string(args[0]));
  if (args.size() == 2 && args[1].is_hash()) {
    read_options_hash(call, args[1].hash(), out);
    return out;
  }
  if (args.size() > 1 && args[1].is_type()) out.value_type = args[1].type();
  if (args.size() > 2 && !args[2].is_undef()) {
    out.merge = hiera::parse_merge(args[2]);
    if (!out.merge) call.fail("unknown merge strategy " + to_string(args[2]));
  }
  if (args.size() > 3) out.default_value = args[3];
  return out;
}

std::optional<Value> find_first(CallContext& call, const LookupOptions& options) {
  try {
    for (const std::string& name : options.names)
      if (auto found = call.host.hiera(&call.scope).lookup(name, options.merge)) return found;
  } catch (const hiera::PreformattedError&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw lang::SourceError(e.what(), call.where);
  }
  return std::nullopt;
}

Value finish(CallContext& call, const LookupOptions& options, std::optional<Value> found) {
  if (!found) {
    if (call.lambda) {
      Array names(options.names.begin(), options.names.end());
      Value given = names.size() == 1 ? names.front() : Value(std::move(names));
      found = call.host.call_lambda(*call.lambda, {std::move(given)}, call.scope);
    } else if (options.default_value) {
      found = options.default_value;
    } else if (options.names.size() == 1) {
      throw lang::SourceError("Function " + call.name + "() did not find a value for the name '" +
                                  options.names.front() + "'",
                              call.where);
    } else {
      std::string list;
      for (const std::string& name : options.names)
        list += (list.empty() ? "'" : ", '") + name + "'";
      throw lang::SourceError(
          "Function " + call.name + "() did not find a value for any of the names [" + list + "]",
          call.where);
    }
  }
  if (options.value_type && !matches(*found, *options.value_type))
    throw lang::SourceError(
        "Found value has wrong type, " + describe_mismatch(*options.value_type, *found),
        call.where);
  return *found;
}

Value lookup(CallContext& call) {
  LookupOptions options = read_arguments(call);
  if (options.names.empty()) call.fail("expects a name to look up");
  return finish(call, options, find_first(call, options));
}

/// hiera(key, default), hiera_array (unique merge), hiera_hash (hash merge).
template <hiera::MergeStrategy Strategy>
Value hiera_compat(CallContext& call) {
  call.expect_arguments(1, 3);
  LookupOptions options;
  options.names.push_back(to_string(call.arguments[0]));
  if (Strategy != hiera::MergeStrategy::First) options.merge = Strategy;
  if (call.arguments.size() > 1) options.default_value = call.arguments[1];
  return finish(call, options, find_first(call, options));
}

/// hiera_include(key): includes the classes named by a unique lookup.
Value hiera_include(CallContext& call) {
  call.expect_arguments(1, 2);
  LookupOptions options;
  options.names.push_back(to_string(call.arguments[0]));
  options.merge = hiera::MergeStrategy::Unique;
  if (call.arguments.size() > 1) options.default_value = call.arguments[1];
  Value classes = finish(call, options, find_first(call, options));
  call.host.include_class(classes, call.scope, ClassInclusion::Include, call.where);
  return Value();
}

}  // namespace

void register_lookup_functions(FunctionTable& table) {
  table.emplace_back("lookup", lookup);
  table.emplace_back("hiera", hiera_compat<hiera::MergeStrategy::First>);
  table.emplace_back("hiera_array", hiera_compat<hiera::MergeStrategy::Unique>);
  table.emplace_back("hiera_hash", hiera_compat<hiera::MergeStrategy::Hash>);
  table.emplace_back("hiera_include", hiera_include);
}

}  // namespace marionette::compiler
