#include "compiler/erb/puppet_values.hpp"

#include <unordered_map>

#include "compiler/erb/ruby_methods.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler::erb {

const RubyValue* MadeObjects::find(const void* identity) const {
  auto found = made_.find(identity);
  return found == made_.end() ? nullptr : &found->second.second;
}

void MadeObjects::keep(const Value& from, const void* identity, RubyValue object) {
  made_.try_emplace(identity, from, std::move(object));
}

namespace {

RubyValue collection_to_ruby(const Value& value, RubyString::Owner strings, MadeObjects& made) {
  const void* id = value.is_array() ? static_cast<const void*>(&value.array())
                                    : static_cast<const void*>(&value.hash());
  if (const RubyValue* found = made.find(id)) return *found;
  RubyValue object;
  if (value.is_array()) {
    RubyArray items;
    items.reserve(value.array().size());
    for (const Value& item : value.array()) items.push_back(to_ruby(item, strings, made));
    object = std::move(items);
  } else {
    RubyHash pairs;
    pairs.reserve(value.hash().size());
    for (const auto& [key, item] : value.hash())
      pairs.emplace_back(to_ruby(key, RubyString::Owner::Frozen, made),
                         to_ruby(item, strings, made));
    object = std::move(pairs);
  }
  made.keep(value, id, object);
  return object;
}

}  // namespace

RubyValue to_ruby(const Value& value, RubyString::Owner strings, MadeObjects& made) {
  if (value.is_array() || value.is_hash()) return collection_to_ruby(value, strings, made);
  return to_ruby(value, strings);
}

RubyValue to_ruby(const Value& value, RubyString::Owner strings) {
  if (value.is_array() || value.is_hash()) {
    MadeObjects made;
    return collection_to_ruby(value, strings, made);
  }
  if (value.is_undef()) return RubyValue();
  if (value.is_default()) return RubySymbol{"default"};
  if (value.is_boolean()) return value.boolean();
  if (value.is_integer()) return value.integer();
  if (value.is_float()) return value.number();
  if (value.is_string()) return RubyValue(value.string(), strings);
  if (value.is_regexp()) {
    RubyRegexp r;
    r.source = value.regexp().pattern;
    r.compiled = value.regexp().compiled
                     ? value.regexp().compiled
                     : std::make_shared<const std::regex>(rubyish::compile_ruby_regex(r.source));
    return r;
  }
  if (is_sensitive(value))
    return RubyObject{"Puppet::Pops::Types::PSensitiveType::Sensitive",
                      "Sensitive [value redacted]", "#<Sensitive [value redacted]>"};
  std::string text = to_string(value);
  return RubyObject{"Puppet::Pops::Types::PAnyType", text, text};
}

Value to_puppet(const RubyValue& value, int depth) {
  if (depth > 100) throw RubyError("value nested too deeply for Puppet");
  if (value.is_nil()) return Value();
  if (value.is_bool()) return value.boolean();
  if (value.is_integer()) return value.integer();
  if (value.is_float()) return value.number();
  if (value.is_string()) return value.string();
  if (value.is_symbol()) {
    if (value.symbol() == "undef") return Value();
    if (value.symbol() == "default") return Value(Default{});
    return value.symbol();
  }
  if (value.is_regexp()) return Regexp{value.regexp().source, value.regexp().compiled};
  if (value.is_array() || value.is_range()) {
    Array items;
    for (const RubyValue& item : elements_of(value)) items.push_back(to_puppet(item, depth + 1));
    return items;
  }
  if (value.is_hash()) {
    Hash pairs;
    for (const auto& [key, item] : value.hash())
      pairs.emplace_back(to_puppet(key, depth + 1), to_puppet(item, depth + 1));
    return pairs;
  }
  return value.object().text;
}

}  // namespace marionette::compiler::erb
