#include <algorithm>

#include "compiler/erb/ruby_methods.hpp"

namespace marionette::compiler::erb {

namespace {

RubyValue sorted_by(const RubyArray& items, const MethodCall& c) {
  std::vector<std::pair<RubyValue, RubyValue>> keyed;
  for (const RubyValue& item : items) keyed.emplace_back(c.yield({item}), item);
  for (std::size_t i = 1; i < keyed.size(); ++i) compare(keyed[0].first, keyed[i].first);
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return compare(a.first, b.first) < 0; });
  RubyArray out;
  for (auto& [key, item] : keyed) out.push_back(std::move(item));
  return out;
}

RubyValue extreme(const MethodCall& c, bool by, bool max) {
  RubyArray items = elements_of(c.self);
  if (items.empty()) return RubyValue();
  std::size_t best = 0;
  RubyValue best_key = by ? c.yield({items[0]}) : items[0];
  for (std::size_t i = 1; i < items.size(); ++i) {
    RubyValue key = by ? c.yield({items[i]}) : items[i];
    int cmp = compare(key, best_key);
    if (max ? cmp > 0 : cmp < 0) { best = i; best_key = key; }
  }
  return items[best];
}

RubyValue select_or_reject(MethodCall& c) {
  bool keep_truthy = c.name == "select" || c.name == "filter";
  if (c.self.is_hash()) {
    RubyHash out;
    for (const auto& [key, value] : c.self.hash())
      if (truthy(c.yield({key, value})) == keep_truthy) out.emplace_back(key, value);
    return out;
  }
  RubyArray out;
  for (const RubyValue& item : elements_of(c.self))
    if (truthy(c.yield({item})) == keep_truthy) out.push_back(item);
  return out;
}

}  // namespace

const MethodTable& enumerable_methods() {
  static const MethodTable table = {
      {"each", [](MethodCall& c) -> RubyValue {
         if (!c.has_block()) return elements_of(c.self);
         for (RubyValue& item : elements_of(c.self)) c.yield({std::move(item)});
         return c.self;
       }},
      {"each_with_index", [](MethodCall& c) -> RubyValue {
         RubyArray items = elements_of(c.self);
         if (!c.has_block()) {
           RubyArray pairs;
           for (std::size_t i = 0; i < items.size(); ++i) pairs.push_back(RubyArray{items[i], static_cast<std::int64_t>(i)});
           return pairs;
         }
         for (std::size_t i = 0; i < items.size(); ++i) c.yield({items[i], static_cast<std::int64_t>(i)});
         return c.self;
       }},
      {"each_with_object", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         for (RubyValue& item : elements_of(c.self)) c.yield({std::move(item), c.args[0]});
         return c.args[0];
       }},
      {"map", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         if (!c.has_block()) return elements_of(c.self);
         for (RubyValue& item : elements_of(c.self)) out.push_back(c.yield({std::move(item)}));
         return out;
       }},
      {"collect", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         if (!c.has_block()) return elements_of(c.self);
         for (RubyValue& item : elements_of(c.self)) out.push_back(c.yield({std::move(item)}));
         return out;
       }},
      {"flat_map", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         for (RubyValue& item : elements_of(c.self)) {
           RubyValue r = c.yield({std::move(item)});
           if (r.is_array()) out.insert(out.end(), r.array().begin(), r.array().end());
           else out.push_back(r);
         }
         return out;
       }},
      {"select", select_or_reject}, {"filter", select_or_reject}, {"reject", select_or_reject},
      {"find", [](MethodCall& c) -> RubyValue {
         for (RubyValue& item : elements_of(c.self)) if (truthy(c.yield({item}))) return item;
         return RubyValue();
       }},
      {"detect", [](MethodCall& c) -> RubyValue {
         for (RubyValue& item : elements_of(c.self)) if (truthy(c.yield({item}))) return item;
         return RubyValue();
       }},
      {"sort", [](MethodCall& c) -> RubyValue { RubyArray items = elements_of(c.self); sort_values(items, c); return items; }},
      {"sort_by", [](MethodCall& c) -> RubyValue { return sorted_by(elements_of(c.self), c); }},
      {"min", [](MethodCall& c) -> RubyValue { return extreme(c, false, false); }},
      {"max", [](MethodCall& c) -> RubyValue { return extreme(c, false, true); }},
      {"min_by", [](MethodCall& c) -> RubyValue { return extreme(c, true, false); }},
      {"max_by", [](MethodCall& c) -> RubyValue { return extreme(c, true, true); }},
      {"count", [](MethodCall& c) -> RubyValue {
         RubyArray items = elements_of(c.self);
         std::int64_t n = 0;
         for (const RubyValue& item : items)
           n += !c.args.empty() ? equal(item, c.args[0]) : c.has_block() ? truthy(c.yield({item})) : 1;
         return n;
       }},
      {"include?", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return contains_value(elements_of(c.self), c.args[0]); }},
      {"member?", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return contains_value(elements_of(c.self), c.args[0]); }},
      {"first", first_or_last},
      {"to_a", [](MethodCall& c) -> RubyValue { return elements_of(c.self); }},
      {"entries", [](MethodCall& c) -> RubyValue { return elements_of(c.self); }},
      {"inject", [](MethodCall& c) -> RubyValue {
         RubyArray items = elements_of(c.self);
         std::size_t i = 0;
         RubyValue memo;
         std::string op;
         if (!c.args.empty() && c.args.back().is_symbol()) { op = c.args.back().symbol(); c.args.pop_back(); }
         if (!c.args.empty()) memo = c.args[0];
         else if (!items.empty()) memo = items[i++];
         for (; i < items.size(); ++i) {
           if (op.empty()) { memo = c.yield({memo, items[i]}); continue; }
           Method m = find_method(memo, op);
           if (!m) throw RubyError(no_method_message(op, memo));
           RubyArray args{items[i]};
           MethodCall inner{memo, op, args, nullptr, c.last_match};
           memo = m(inner);
         }
         return memo;
       }},
      {"sum", [](MethodCall& c) -> RubyValue {
         RubyValue total = c.args.empty() ? RubyValue(0) : c.args[0];
         for (RubyValue& item : elements_of(c.self)) {
           RubyValue x = c.has_block() ? c.yield({item}) : item;
           std::string plus = "+";
           RubyArray args{x};
           Method m = find_method(total, plus);
           if (!m) throw RubyError(no_method_message(plus, total));
           MethodCall inner{total, plus, args, nullptr, c.last_match};
           total = m(inner);
         }
         return total;
       }},
      {"any?", [](MethodCall& c) -> RubyValue {
         for (RubyValue& item : elements_of(c.self)) if (c.has_block() ? truthy(c.yield({item})) : truthy(item)) return true;
         return false;
       }},
      {"all?", [](MethodCall& c) -> RubyValue {
         for (RubyValue& item : elements_of(c.self)) if (!(c.has_block() ? truthy(c.yield({item})) : truthy(item))) return false;
         return true;
       }},
      {"none?", [](MethodCall& c) -> RubyValue {
         for (RubyValue& item : elements_of(c.self)) if (c.has_block() ? truthy(c.yield({item})) : truthy(item)) return false;
         return true;
       }},
      {"group_by", [](MethodCall& c) -> RubyValue {
         RubyHash out;
         for (RubyValue& item : elements_of(c.self)) {
           RubyValue key = c.yield({item});
           RubyValue* list = hash_lookup(out, key);
           if (!list) { out.emplace_back(key, RubyArray{}); list = &out.back().second; }
           list->array().push_back(item);
         }
         return out;
       }},
      {"partition", [](MethodCall& c) -> RubyValue {
         RubyArray yes, no;
         for (RubyValue& item : elements_of(c.self)) (truthy(c.yield({item})) ? yes : no).push_back(item);
         return RubyArray{RubyValue(std::move(yes)), RubyValue(std::move(no))};
       }},
      {"each_slice", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         std::int64_t n = integer_argument(c.args[0]);
         if (n <= 0) throw RubyError("invalid slice size");
         RubyArray items = elements_of(c.self), slices;
         for (std::size_t i = 0; i < items.size(); i += static_cast<std::size_t>(n))
           slices.push_back(RubyArray(items.begin() + i, items.begin() + std::min(items.size(), i + static_cast<std::size_t>(n))));
         if (!c.has_block()) return slices;
         for (RubyValue& slice : slices) c.yield({slice});
         return RubyValue();
       }},
      {"reverse_each", [](MethodCall& c) -> RubyValue {
         RubyArray items = elements_of(c.self);
         for (auto it = items.rbegin(); it != items.rend(); ++it) c.yield({*it});
         return c.self;
       }},
      {"zip", [](MethodCall& c) -> RubyValue {
         RubyArray items = elements_of(c.self), out;
         for (std::size_t i = 0; i < items.size(); ++i) {
           RubyArray row{items[i]};
           for (const RubyValue& other : c.args) {
             RubyArray o = elements_of(other);
             row.push_back(i < o.size() ? o[i] : RubyValue());
           }
           out.push_back(std::move(row));
         }
         return out;
       }},
      {"uniq", [](MethodCall& c) -> RubyValue { return unique_values(elements_of(c.self)); }},
      {"to_h", [](MethodCall& c) -> RubyValue {
         RubyHash out;
         for (RubyValue& item : elements_of(c.self)) {
           if (!item.is_array() || item.array().size() != 2) throw RubyError("wrong element type " + class_name(item) + " (expected array)");
           hash_store(out, item.array()[0], item.array()[1]);
         }
         return out;
       }},
  };
  return table;
}

}  // namespace marionette::compiler::erb
