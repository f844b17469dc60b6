// stdlib's functions on hashes and on picking values: merge, deep_merge, has_key, hash, pick,
// pick_default, delete, delete_at, delete_regex, delete_values, delete_undef_values, dig44,
// try_get_value, join_keys_to_values. Keys compare as Ruby's Hash compares them (eql?).
#include "compiler/function_host.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using stdlib::ruby_class;
using Arguments = std::vector<Value>;

void merge_into(Hash& accumulator, const Hash& more) {
  for (const auto& [key, value] : more) stdlib::ruby_store(accumulator, key, value);
}

/// merge(hashes...) (undef and '' skipped), or merge(iterable) |$memo, $x| / |$memo, $k, $v|:
/// each hash the block returns is merged in.
Value merge(CallContext& call) {
  Hash accumulator;
  if (!call.lambda) {
    for (std::size_t i = 0; i < call.arguments.size(); ++i) {
      const Value& arg = call.arguments[i];
      if (arg.is_hash()) {
        merge_into(accumulator, arg.hash());
      } else if (!arg.is_undef() && !(arg.is_string() && arg.string().empty())) {
        raise(call,
              "The function 'merge' was called with arguments it does not accept. It expects "
              "one of:\n  (Variant[Hash[Scalar, Any], Undef, String[0, 0]] args*)\n    rejected: "
              "parameter 'args' expects a value of type Undef, Hash[Scalar, Any], or String[0, 0], "
              "got " +
                  type_name_of(arg) +
                  "\n  (Iterable args*, Callable[3, 3] block)\n    rejected: expects a block\n"
                  "  (Iterable args*, Callable[2, 2] block)\n    rejected: expects a block");
      }
    }
    return accumulator;
  }
  std::size_t arity = call.lambda->parameters.size();
  if (arity != 2 && arity != 3)
    raise(call, "'merge' block expects between 2 and 3 arguments, got " + std::to_string(arity));
  for (const Value& iterable : call.arguments) {
    std::optional<Array> elements = iterable_elements(iterable);
    if (!elements)
      raise(call,
            "'merge' parameter 'args' expects an Iterable value, got " + type_name_of(iterable));
    for (std::size_t index = 0; index < elements->size(); ++index) {
      const Value& element = (*elements)[index];
      std::vector<Value> lambda_args;
      if (arity == 2)
        lambda_args = {Value(accumulator), element};
      else if (iterable.is_hash())
        lambda_args = {Value(accumulator), element.array()[0], element.array()[1]};
      else
        lambda_args = {Value(accumulator), Value(static_cast<std::int64_t>(index)), element};
      Value result = call.host.call_lambda(*call.lambda, std::move(lambda_args), call.scope);
      if (result.is_hash()) merge_into(accumulator, result.hash());
    }
  }
  return accumulator;
}

Value deep_merged(const Value& base, const Value& more, std::size_t depth,
                  const CallContext& call) {
  if (depth > 1000) raise(call, "deep_merge(): the hashes are nested too deeply");
  Hash result = base.hash();
  for (const auto& [key, value] : more.hash()) {
    const Value* old = stdlib::ruby_fetch(result, key);
    if (old && old->is_hash() && value.is_hash())
      stdlib::ruby_store(result, key, deep_merged(*old, value, depth + 1, call));
    else
      stdlib::ruby_store(result, key, value);
  }
  return result;
}

Value deep_merge(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2)
    raise(call, "deep_merge(): wrong number of arguments (" + stdlib::count_of(args) +
                    "; must be at least 2)");
  Value result{Hash{}};
  for (const Value& arg : args) {
    if (arg.is_string() && arg.string().empty()) continue;
    if (!arg.is_hash())
      raise(call, "deep_merge: unexpected argument type " + ruby_class(arg) +
                      ", only expects hash arguments");
    result = deep_merged(result, arg, 0, call);
  }
  return result;
}

Value has_key(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call, "has_key(): wrong number of arguments (" + stdlib::count_of(args) + "; must be 2)");
  if (!args[0].is_hash())
    raise(call, "has_key(): expects the first argument to be a hash, got " + ruby_inspect(args[0]) +
                    " which is of type " + ruby_class(args[0]));
  return stdlib::ruby_fetch(args[0].hash(), args[1]) != nullptr;
}

/// hash([k1, v1, k2, v2]): the flattened array's pairs.
Value hash(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "hash(): Wrong number of arguments given (0 for 1)");
  if (!args[0].is_array()) raise(call, "hash(): Requires array to work with");
  Array flat;
  stdlib::flatten_into(args[0], flat, 0);
  if (flat.size() % 2) raise(call, "hash(): Unable to compute hash from array given");
  Hash result;
  for (std::size_t i = 0; i < flat.size(); i += 2) stdlib::ruby_store(result, flat[i], flat[i + 1]);
  return result;
}

bool is_empty_or_undef(const Value& value) {
  return value.is_undef() || (value.is_string() && value.string().empty());
}

Value pick(CallContext& call) {
  for (const Value& arg : call.arguments)
    if (!is_empty_or_undef(arg)) return arg;
  raise(call, "pick(): must receive at least one non empty value");
}

/// As pick, but the last argument is the answer when none is set (an undef one reads as '').
Value pick_default(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "Must receive at least one argument.");
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (!is_empty_or_undef(args[i])) return args[i];
  return args.back();
}

/// The items of a Puppet 3 argument as Ruby's Array(x) gives them.
Array ruby_array(const Value& value) {
  if (value.is_array()) return value.array();
  if (value.is_hash()) {
    Array pairs;
    for (const auto& [key, item] : value.hash()) pairs.push_back(Value(Array{key, item}));
    return pairs;
  }
  if (value.is_undef()) return {};
  return {value};
}

/// delete(collection, item(s)): every equal element, key, or substring removed.
Value delete_items(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call, "delete(): Wrong number of arguments given " + stdlib::count_of(args) + " for 2");
  Value collection = args[0];
  for (const Value& item : ruby_array(args[1])) {
    if (collection.is_array()) {
      Array kept;
      for (const Value& element : collection.array())
        if (!stdlib::ruby_equal(element, item)) kept.push_back(element);
      collection = Value(std::move(kept));
    } else if (collection.is_hash()) {
      Hash kept;
      for (const auto& [key, value] : collection.hash())
        if (!stdlib::ruby_eql(key, item)) kept.emplace_back(key, value);
      collection = Value(std::move(kept));
    } else if (collection.is_string()) {
      if (!item.is_string())
        raise(call, "no implicit conversion of " + ruby_class(item) + " into String");
      std::string text = collection.string(), out;
      const std::string& needle = item.string();
      if (needle.empty()) continue;
      for (std::size_t at = 0;;) {
        std::size_t found = text.find(needle, at);
        out.append(text, at, found == std::string::npos ? std::string::npos : found - at);
        if (found == std::string::npos) break;
        at = found + needle.size();
      }
      collection = Value(std::move(out));
    } else {
      raise(call,
            "delete(): First argument must be an Array, String, or Hash. Given an argument "
            "of class " +
                ruby_class(collection) + ".");
    }
  }
  return collection;
}

Value delete_at(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2)
    raise(call,
          "delete_at(): Wrong number of arguments given (" + stdlib::count_of(args) + " for 2)");
  if (!args[0].is_array()) raise(call, "delete_at(): Requires array to work with");
  const Value& index = args[1];
  if (index.is_string() && (index.string().empty() ||
                            index.string().find_first_not_of("0123456789") != std::string::npos))
    raise(call, "delete_at(): You must provide non-negative numeric index");
  if (index.is_string() && index.string().size() > 18)
    raise(call, "delete_at(): Given index exceeds size of array given");
  std::int64_t at = index.is_string()    ? std::stoll(index.string())
                    : index.is_integer() ? index.integer()
                    : index.is_float()   ? static_cast<std::int64_t>(index.number())
                                         : -1;
  if (at < 0 && !index.is_integer())
    raise(call, "undefined method `to_i' for " + ruby_inspect(index));
  Array result = args[0].array();
  auto size = static_cast<std::int64_t>(result.size());
  if (at > size - 1) raise(call, "delete_at(): Given index exceeds size of array given");
  if (at < 0) at += size;
  if (at >= 0) result.erase(result.begin() + at);
  return result;
}

/// delete_regex(collection, pattern(s)): elements (or keys) matching /\bpattern\b/ removed.
Value delete_regex(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call,
          "delete_regex(): Wrong number of arguments given " + stdlib::count_of(args) + " for 2");
  Value collection = args[0];
  if (!collection.is_array() && !collection.is_hash())
    raise(call,
          "delete_regex(): First argument must be an Array, Hash, or String. Given an "
          "argument of class " +
              ruby_class(collection) + ".");
  for (const Value& item : ruby_array(args[1])) {
    std::string source = item.is_regexp() ? item.regexp().pattern : ruby_to_s(item);
    Regexp pattern = make_regexp("\\b" + source + "\\b", call.where);
    auto hit = [&](const Value& v) { return v.is_string() && regex_match(v.string(), pattern); };
    if (collection.is_array()) {
      Array kept;
      for (const Value& element : collection.array())
        if (!hit(element)) kept.push_back(element);
      collection = Value(std::move(kept));
    } else {
      Hash kept;
      for (const auto& [key, value] : collection.hash())
        if (!hit(key)) kept.emplace_back(key, value);
      collection = Value(std::move(kept));
    }
  }
  return collection;
}

Value delete_values(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call,
          "delete_values(): Wrong number of arguments given (" + stdlib::count_of(args) + " of 2)");
  if (!args[0].is_hash())
    raise(call, "delete_values(): First argument must be a Hash. Given an argument of class " +
                    ruby_class(args[0]) + ".");
  Hash kept;
  for (const auto& [key, value] : args[0].hash())
    if (!stdlib::ruby_equal(args[1], value)) kept.emplace_back(key, value);
  return kept;
}

Value delete_undef_values(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "delete_undef_values(): Wrong number of arguments given (0)");
  const Value& collection = args[0];
  if (collection.is_hash()) {
    Hash kept;
    for (const auto& [key, value] : collection.hash())
      if (!value.is_undef()) kept.emplace_back(key, value);
    return kept;
  }
  if (!collection.is_array())
    raise(call, "delete_undef_values(): expected an array or hash, got " + ruby_to_s(collection) +
                    " type  " + ruby_class(collection) + " ");
  Array kept;
  for (const Value& value : collection.array())
    if (!value.is_undef()) kept.push_back(value);
  return kept;
}

/// dig44(data, [path], default): the default as soon as a step is missing or undef.
Value dig44(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2)
    raise(call, "dig44(): Wrong number of arguments given (" + stdlib::count_of(args) +
                    " for at least 2)");
  if (!args[0].is_hash() && !args[0].is_array())
    raise(call, "dig44(): first argument must be a hash or an array, given " + ruby_class(args[0]));
  if (!args[1].is_array())
    raise(call, "dig44(): second argument must be an array, given " + ruby_class(args[1]));
  Value fallback = args.size() > 2 ? args[2] : Value();
  Value current = args[0];
  for (const Value& key : args[1].array()) {
    const Value* next = nullptr;
    if (current.is_hash()) {
      next = stdlib::ruby_fetch(current.hash(), key);
    } else if (current.is_array()) {
      std::optional<std::int64_t> at = key.is_integer()  ? std::optional(key.integer())
                                       : key.is_string() ? stdlib::ruby_integer(key.string())
                                                         : std::nullopt;
      if (!at) return fallback;
      auto size = static_cast<std::int64_t>(current.array().size());
      if (*at < 0) *at += size;
      if (*at >= 0 && *at < size) next = &current.array()[static_cast<std::size_t>(*at)];
    } else {
      return fallback;
    }
    if (!next || next->is_undef()) return fallback;
    current = *next;
  }
  return current;
}

Value join_keys_to_values(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call, "join_keys_to_values(): Takes exactly two arguments, but " +
                    stdlib::count_of(args) + " given.");
  if (!args[0].is_hash())
    raise(call, "join_keys_to_values(): The first argument must be a hash, but a " +
                    ruby_class(args[0]) + " was given.");
  if (!args[1].is_string())
    raise(call, "join_keys_to_values(): The second argument must be a string, but a " +
                    ruby_class(args[1]) + " was given.");
  const std::string& separator = args[1].string();
  Array out;
  for (const auto& [key, value] : args[0].hash()) {
    if (value.is_array()) {
      for (const Value& item : value.array())
        out.push_back(ruby_to_s(key) + separator + ruby_to_s(item));
    } else if (ruby_to_s(value) == "undef") {
      out.push_back(ruby_to_s(key));
    } else {
      out.push_back(ruby_to_s(key) + separator + ruby_to_s(value));
    }
  }
  return out;
}

}  // namespace

void register_stdlib_hash_functions(FunctionTable& table) {
  table.emplace_back("merge", merge);
  table.emplace_back("stdlib::merge", merge);
  table.emplace_back("deep_merge", deep_merge);
  table.emplace_back("has_key", has_key);
  table.emplace_back("hash", hash);
  table.emplace_back("pick", pick);
  table.emplace_back("pick_default", pick_default);
  table.emplace_back("delete", delete_items);
  table.emplace_back("delete_at", delete_at);
  table.emplace_back("delete_regex", delete_regex);
  table.emplace_back("delete_values", delete_values);
  table.emplace_back("delete_undef_values", delete_undef_values);
  table.emplace_back("dig44", dig44);
  table.emplace_back("join_keys_to_values", join_keys_to_values);
}

}  // namespace marionette::compiler
