#include <algorithm>
#include <limits>

#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

std::pair<double, double> numeric_range(const TypeValue& type) {
  double low = -std::numeric_limits<double>::infinity();
  double high = std::numeric_limits<double>::infinity();
  if (!type.parameters.empty() && type.parameters[0].is_number()) low = type.parameters[0].number();
  if (type.parameters.size() > 1 && type.parameters[1].is_number())
    high = type.parameters[1].number();
  return {low, high};
}

bool is_one_of(const std::string& name, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}

}  // namespace

bool is_assignable(const TypeValue& from, const TypeValue& to) {
  if (to.name == "Any") return true;
  if (from.name == "Variant")
    return std::all_of(from.parameters.begin(), from.parameters.end(),
                       [&](const Value& p) { return !p.is_type() || is_assignable(p.type(), to); });
  if (to.name == "Variant")
    return std::any_of(to.parameters.begin(), to.parameters.end(), [&](const Value& p) {
      return p.is_type() && is_assignable(from, p.type());
    });
  if (to.name == "Optional") {
    if (from.name == "Undef") return true;
    if (to.parameters.empty() || !to.parameters[0].is_type()) return true;
    if (from.name == "Optional")
      return from.parameters.empty() || !from.parameters[0].is_type()
                 ? false
                 : is_assignable(from.parameters[0].type(), to.parameters[0].type());
    return is_assignable(from, to.parameters[0].type());
  }
  if (from.name == to.name) {
    if (to.parameters.empty()) return true;
    if (from.name == "Integer" || from.name == "Float") {
      auto [fl, fh] = numeric_range(from);
      auto [tl, th] = numeric_range(to);
      return fl >= tl && fh <= th;
    }
    return equals(Value(from), Value(to));
  }
  if (to.name == "Numeric") return is_one_of(from.name, {"Integer", "Float"});
  if (to.name == "Scalar" || to.name == "ScalarData")
    return is_one_of(from.name,
                     {"Integer", "Float", "Numeric", "String", "Boolean", "Enum", "Pattern"}) ||
           (to.name == "Scalar" && from.name == "Regexp");
  if (to.name == "Data" || to.name == "RichData")
    return is_one_of(from.name, {"Integer", "Float", "Numeric", "String", "Boolean", "Enum",
                                 "Pattern", "Undef", "ScalarData"}) ||
           (from.name == "Array" && from.parameters.empty() && to.name == "RichData");
  if (to.name == "String") return from.name == "Enum" && to.parameters.empty();
  if (to.name == "Collection") return is_one_of(from.name, {"Array", "Hash", "Tuple", "Struct"});
  if (to.name == "Array") return from.name == "Tuple" && to.parameters.empty();
  if (to.name == "Hash") return from.name == "Struct" && to.parameters.empty();
  return false;
}

}  // namespace marionette::compiler
