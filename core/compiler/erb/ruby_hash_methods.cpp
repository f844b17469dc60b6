#include "compiler/erb/ruby_methods.hpp"

namespace marionette::compiler::erb {

namespace {

RubyHash& self_hash(const MethodCall& c) { return c.self.hash(); }

RubyValue has_key(MethodCall& c) {
  c.arity(1, 1);
  return hash_lookup(self_hash(c), c.args[0]) != nullptr;
}

RubyValue each_pair(MethodCall& c) {
  RubyHash pairs = self_hash(c);
  for (auto& [key, value] : pairs) c.yield({RubyArray{key, value}});
  return c.self;
}

/// `merge!` (`update`): the other hashes' pairs stored into this one, the block choosing
/// between two values of one key.
RubyValue merge_in_place(MethodCall& c) {
  for (const RubyValue& other : RubyArray(c.args)) {
    if (!other.is_hash()) c.type_error(other, "Hash");
    for (const auto& [key, value] : RubyHash(other.hash())) {
      RubyValue* found = hash_lookup(self_hash(c), key);
      if (found && c.has_block()) {
        RubyValue chosen = c.yield({key, *found, value});
        hash_store(self_hash(c), key, chosen);
      } else {
        hash_store(self_hash(c), key, value);
      }
    }
  }
  return c.self;
}

}  // namespace

const MethodTable& hash_methods() {
  static const MethodTable table = {
      {"[]", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         RubyValue* found = hash_lookup(self_hash(c), c.args[0]);
         return found ? *found : RubyValue();
       }},
      {"[]=", [](MethodCall& c) -> RubyValue {
         c.arity(2, 2);
         hash_store(self_hash(c), c.args[0], c.args[1]);
         return c.args[1];
       }},
      {"fetch", [](MethodCall& c) -> RubyValue {
         c.arity(1, 2);
         if (RubyValue* found = hash_lookup(self_hash(c), c.args[0])) return *found;
         if (c.args.size() > 1) return c.args[1];
         if (c.has_block()) return c.yield({c.args[0]});
         throw RubyError("key not found: " + inspect(c.args[0]));
       }},
      {"dig", [](MethodCall& c) -> RubyValue {
         RubyValue current = c.self;
         for (const RubyValue& key : c.args) {
           if (current.is_nil()) return current;
           if (current.is_hash()) {
             RubyValue* found = hash_lookup(current.hash(), key);
             current = found ? *found : RubyValue();
           } else if (current.is_array()) {
             std::int64_t at = integer_argument(key), size = static_cast<std::int64_t>(current.array().size());
             if (at < 0) at += size;
             current = at >= 0 && at < size ? current.array()[static_cast<std::size_t>(at)] : RubyValue();
           } else {
             throw RubyError(class_name(current) + " does not have #dig method");
           }
         }
         return current;
       }},
      {"has_key?", has_key}, {"key?", has_key}, {"include?", has_key}, {"member?", has_key},
      {"has_value?", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         for (const auto& [key, value] : self_hash(c)) if (equal(value, c.args[0])) return true;
         return false;
       }},
      {"keys", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         for (const auto& [key, value] : self_hash(c)) out.push_back(key);
         return out;
       }},
      {"values", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         for (const auto& [key, value] : self_hash(c)) out.push_back(value);
         return out;
       }},
      {"values_at", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         for (const RubyValue& key : c.args) {
           RubyValue* found = hash_lookup(self_hash(c), key);
           out.push_back(found ? *found : RubyValue());
         }
         return out;
       }},
      {"length", [](MethodCall& c) -> RubyValue { return static_cast<std::int64_t>(self_hash(c).size()); }},
      {"size", [](MethodCall& c) -> RubyValue { return static_cast<std::int64_t>(self_hash(c).size()); }},
      {"empty?", [](MethodCall& c) -> RubyValue { return self_hash(c).empty(); }},
      {"each", each_pair}, {"each_pair", each_pair},
      {"each_key", [](MethodCall& c) -> RubyValue {
         RubyHash pairs = self_hash(c);
         for (auto& [key, value] : pairs) c.yield({key});
         return c.self;
       }},
      {"each_value", [](MethodCall& c) -> RubyValue {
         RubyHash pairs = self_hash(c);
         for (auto& [key, value] : pairs) c.yield({value});
         return c.self;
       }},
      {"merge", [](MethodCall& c) -> RubyValue {
         RubyHash out = self_hash(c);
         for (const RubyValue& other : c.args) {
           if (!other.is_hash()) c.type_error(other, "Hash");
           for (const auto& [key, value] : other.hash()) {
             RubyValue* found = hash_lookup(out, key);
             if (found && c.has_block()) *found = c.yield({key, *found, value});
             else hash_store(out, key, value);
           }
         }
         return out;
       }},
      {"merge!", merge_in_place}, {"update", merge_in_place},
      {"to_hash", [](MethodCall& c) -> RubyValue { return c.self; }},
      {"to_h", [](MethodCall& c) -> RubyValue { return c.self; }},
      {"delete", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         RubyHash& h = self_hash(c);
         for (auto it = h.begin(); it != h.end(); ++it)
           if (eql(it->first, c.args[0])) {
             RubyValue value = it->second;
             h.erase(it);
             return value;
           }
         return RubyValue();
       }},
      {"key", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         for (const auto& [key, value] : self_hash(c)) if (equal(value, c.args[0])) return key;
         return RubyValue();
       }},
      {"invert", [](MethodCall& c) -> RubyValue {
         RubyHash out;
         for (const auto& [key, value] : self_hash(c)) hash_store(out, value, key);
         return out;
       }},
  };
  return table;
}

}  // namespace marionette::compiler::erb
