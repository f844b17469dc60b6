#include <algorithm>

#include "compiler/erb/ruby_methods.hpp"

namespace marionette::compiler::erb {

namespace {

RubyArray& self_array(const MethodCall& c) { return c.self.array(); }

void flatten_into(const RubyArray& items, RubyArray& out, int depth, int level = 0) {
  if (level > 100) throw RubyError("tried to flatten recursive array");
  for (const RubyValue& item : items) {
    if (item.is_array() && depth != 0) flatten_into(item.array(), out, depth - 1, level + 1);
    else out.push_back(item);
  }
}

void join_into(const RubyArray& items, const std::string& separator, std::string& out, bool& first, int level = 0) {
  if (level > 100) throw RubyError("recursive array join");
  for (const RubyValue& item : items) {
    if (item.is_array()) {
      join_into(item.array(), separator, out, first, level + 1);
      continue;
    }
    if (!first) out += separator;
    first = false;
    append_to_s(item, out);
  }
}

RubyValue index_array(MethodCall& c) {
  c.arity(1, 2);
  const RubyArray& items = self_array(c);
  auto size = static_cast<std::int64_t>(items.size());
  std::int64_t start, length;
  if (c.args[0].is_range()) {
    start = c.args[0].range().first;
    std::int64_t last = c.args[0].range().last;
    if (start < 0) start += size;
    if (last < 0) last += size;
    length = last - start + (c.args[0].range().exclusive ? 0 : 1);
  } else {
    start = integer_argument(c.args[0]);
    if (start < 0) start += size;
    if (c.args.size() == 1) return start < 0 || start >= size ? RubyValue() : items[static_cast<std::size_t>(start)];
    length = integer_argument(c.args[1]);
  }
  if (start < 0 || start > size || length < 0) return RubyValue();
  auto end = std::min(size, start + length);
  return RubyArray(items.begin() + start, items.begin() + std::max(start, end));
}

}  // namespace

bool contains_value(const RubyArray& items, const RubyValue& value) {
  return std::any_of(items.begin(), items.end(), [&](const RubyValue& x) { return equal(x, value); });
}

RubyArray unique_values(const RubyArray& items) {
  RubyArray out;
  for (const RubyValue& item : items)
    if (std::none_of(out.begin(), out.end(), [&](const RubyValue& x) { return eql(x, item); })) out.push_back(item);
  return out;
}

void sort_values(RubyArray& items, const MethodCall& c) {
  // Ruby names the first pair it finds not comparable, the first element against a later one.
  if (!c.has_block())
    for (std::size_t i = 1; i < items.size(); ++i) compare(items[0], items[i]);
  std::stable_sort(items.begin(), items.end(), [&](const RubyValue& a, const RubyValue& b) {
    if (!c.has_block()) return compare(a, b) < 0;
    RubyValue r = c.yield({a, b});
    if (!r.is_integer()) throw RubyError("comparison of " + class_name(a) + " with " + class_name(b) + " failed");
    return r.integer() < 0;
  });
}

RubyValue first_or_last(MethodCall& c) {
  c.arity(0, 1);
  RubyArray items = elements_of(c.self);
  bool first = c.name == "first";
  if (c.args.empty()) return items.empty() ? RubyValue() : first ? items.front() : items.back();
  auto n = static_cast<std::size_t>(std::max<std::int64_t>(0, integer_argument(c.args[0])));
  n = std::min(n, items.size());
  return first ? RubyArray(items.begin(), items.begin() + n) : RubyArray(items.end() - n, items.end());
}


const MethodTable& array_methods() {
  static const MethodTable table = {
      {"[]", index_array}, {"slice", index_array},
      {"last", first_or_last},
      {"length", [](MethodCall& c) -> RubyValue { return static_cast<std::int64_t>(self_array(c).size()); }},
      {"size", [](MethodCall& c) -> RubyValue { return static_cast<std::int64_t>(self_array(c).size()); }},
      {"empty?", [](MethodCall& c) -> RubyValue { return self_array(c).empty(); }},
      {"join", [](MethodCall& c) -> RubyValue {
         c.arity(0, 1);
         std::string separator = c.args.empty() || c.args[0].is_nil() ? "" : string_argument(c.args[0]);
         std::string out;
         bool first = true;
         join_into(self_array(c), separator, out, first);
         return out;
       }},
      {"flatten", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         flatten_into(self_array(c), out, c.args.empty() ? -1 : static_cast<int>(integer_argument(c.args[0])));
         return out;
       }},
      {"compact", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         for (const RubyValue& item : self_array(c)) if (!item.is_nil()) out.push_back(item);
         return out;
       }},
      {"compact!", [](MethodCall& c) -> RubyValue {
         RubyArray& items = self_array(c);
         auto size = items.size();
         items.erase(std::remove_if(items.begin(), items.end(), [](const RubyValue& x) { return x.is_nil(); }), items.end());
         return items.size() == size ? RubyValue() : c.self;
       }},
      {"uniq!", [](MethodCall& c) -> RubyValue {
         RubyArray& items = self_array(c);
         auto size = items.size();
         items = unique_values(items);
         return items.size() == size ? RubyValue() : c.self;
       }},
      {"sort!", [](MethodCall& c) -> RubyValue { sort_values(self_array(c), c); return c.self; }},
      {"map!", [](MethodCall& c) -> RubyValue { for (RubyValue& item : self_array(c)) item = c.yield({item}); return c.self; }},
      {"collect!", [](MethodCall& c) -> RubyValue { for (RubyValue& item : self_array(c)) item = c.yield({item}); return c.self; }},
      {"reverse", [](MethodCall& c) -> RubyValue { RubyArray items = self_array(c); std::reverse(items.begin(), items.end()); return items; }},
      {"+", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (!c.args[0].is_array()) c.type_error(c.args[0], "Array");
         RubyArray out = self_array(c);
         out.insert(out.end(), c.args[0].array().begin(), c.args[0].array().end());
         return out;
       }},
      {"-", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (!c.args[0].is_array()) c.type_error(c.args[0], "Array");
         RubyArray out;
         for (const RubyValue& item : self_array(c)) if (!contains_value(c.args[0].array(), item)) out.push_back(item);
         return out;
       }},
      {"&", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (!c.args[0].is_array()) c.type_error(c.args[0], "Array");
         RubyArray out;
         for (const RubyValue& item : unique_values(self_array(c))) if (contains_value(c.args[0].array(), item)) out.push_back(item);
         return out;
       }},
      {"|", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (!c.args[0].is_array()) c.type_error(c.args[0], "Array");
         RubyArray all = self_array(c);
         all.insert(all.end(), c.args[0].array().begin(), c.args[0].array().end());
         return unique_values(all);
       }},
      {"*", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (c.args[0].is_string()) {
           std::string out;
           bool first = true;
           join_into(self_array(c), c.args[0].string(), out, first);
           return out;
         }
         RubyArray out;
         for (std::int64_t i = 0; i < integer_argument(c.args[0]); ++i) out.insert(out.end(), self_array(c).begin(), self_array(c).end());
         return out;
       }},
      {"<<", [](MethodCall& c) -> RubyValue { c.arity(1, 1); self_array(c).push_back(c.args[0]); return c.self; }},
      {"push", [](MethodCall& c) -> RubyValue { for (RubyValue& a : c.args) self_array(c).push_back(a); return c.self; }},
      {"concat", [](MethodCall& c) -> RubyValue {
         for (RubyValue& a : c.args) { RubyArray add = elements_of(a); self_array(c).insert(self_array(c).end(), add.begin(), add.end()); }
         return c.self;
       }},
      {"unshift", [](MethodCall& c) -> RubyValue { self_array(c).insert(self_array(c).begin(), c.args.begin(), c.args.end()); return c.self; }},
      {"pop", [](MethodCall& c) -> RubyValue {
         if (self_array(c).empty()) return RubyValue();
         RubyValue last = self_array(c).back();
         self_array(c).pop_back();
         return last;
       }},
      {"shift", [](MethodCall& c) -> RubyValue {
         if (self_array(c).empty()) return RubyValue();
         RubyValue first = self_array(c).front();
         self_array(c).erase(self_array(c).begin());
         return first;
       }},
      {"delete", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         RubyArray& items = self_array(c);
         auto size = items.size();
         items.erase(std::remove_if(items.begin(), items.end(), [&](const RubyValue& x) { return equal(x, c.args[0]); }), items.end());
         return items.size() == size ? RubyValue() : c.args[0];
       }},
      {"delete_if", [](MethodCall& c) -> RubyValue {
         RubyArray& items = self_array(c);
         RubyArray kept;
         for (const RubyValue& item : items) if (!truthy(c.yield({item}))) kept.push_back(item);
         items = std::move(kept);
         return c.self;
       }},
      {"index", [](MethodCall& c) -> RubyValue {
         const RubyArray& items = self_array(c);
         for (std::size_t i = 0; i < items.size(); ++i)
           if (c.args.empty() ? truthy(c.yield({items[i]})) : equal(items[i], c.args[0])) return static_cast<std::int64_t>(i);
         return RubyValue();
       }},
      {"each_index", [](MethodCall& c) -> RubyValue {
         for (std::size_t i = 0; i < self_array(c).size(); ++i) c.yield({static_cast<std::int64_t>(i)});
         return c.self;
       }},
      {"values_at", [](MethodCall& c) -> RubyValue {
         RubyArray out;
         for (const RubyValue& i : c.args) {
           std::int64_t at = integer_argument(i), size = static_cast<std::int64_t>(self_array(c).size());
           if (at < 0) at += size;
           out.push_back(at >= 0 && at < size ? self_array(c)[static_cast<std::size_t>(at)] : RubyValue());
         }
         return out;
       }},
      {"drop", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         auto n = std::min(self_array(c).size(), static_cast<std::size_t>(std::max<std::int64_t>(0, integer_argument(c.args[0]))));
         return RubyArray(self_array(c).begin() + n, self_array(c).end());
       }},
      {"take", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         auto n = std::min(self_array(c).size(), static_cast<std::size_t>(std::max<std::int64_t>(0, integer_argument(c.args[0]))));
         return RubyArray(self_array(c).begin(), self_array(c).begin() + n);
       }},
      {"transpose", [](MethodCall& c) -> RubyValue {
         const RubyArray& rows = self_array(c);
         RubyArray out;
         if (rows.empty()) return out;
         std::size_t width = elements_of(rows[0]).size();
         for (std::size_t col = 0; col < width; ++col) {
           RubyArray column;
           for (const RubyValue& row : rows) {
             RubyArray r = elements_of(row);
             if (r.size() != width) throw RubyError("element size differs (" + std::to_string(r.size()) + " should be " + std::to_string(width) + ")");
             column.push_back(r[col]);
           }
           out.push_back(std::move(column));
         }
         return out;
       }},
      {"fetch", [](MethodCall& c) -> RubyValue {
         c.arity(1, 2);
         std::int64_t at = integer_argument(c.args[0]), size = static_cast<std::int64_t>(self_array(c).size());
         if (at < 0) at += size;
         if (at >= 0 && at < size) return self_array(c)[static_cast<std::size_t>(at)];
         if (c.args.size() > 1) return c.args[1];
         throw RubyError("index " + std::to_string(integer_argument(c.args[0])) + " outside of array bounds: " + std::to_string(-size) + "..." + std::to_string(size));
       }},
      {"<=>", [](MethodCall& c) -> RubyValue { c.arity(1, 1); if (!c.args[0].is_array()) return RubyValue(); return compare(c.self, c.args[0]); }},
  };
  return table;
}

}  // namespace marionette::compiler::erb
