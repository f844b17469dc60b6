#include "puppetdb/fact_tree.hpp"

namespace marionette::puppetdb {

namespace {

using Visit = std::function<void(const nlohmann::json&, const nlohmann::json&)>;
using MayContinue = std::function<bool(const nlohmann::json&)>;

void walk(nlohmann::json& path, const nlohmann::json& value, const Visit& visit, bool leaves_only,
          const MayContinue* may_continue) {
  if (may_continue && !(*may_continue)(path)) return;
  const bool container = value.is_object() || value.is_array();
  if (!leaves_only || !container) visit(path, value);
  if (!container) return;
  if (value.is_object()) {
    for (const auto& [key, child] : value.items()) {
      path.push_back(key);
      walk(path, child, visit, leaves_only, may_continue);
      path.erase(path.end() - 1);
    }
  } else {
    for (std::size_t i = 0; i < value.size(); ++i) {
      path.push_back(i);
      walk(path, value[i], visit, leaves_only, may_continue);
      path.erase(path.end() - 1);
    }
  }
}

}  // namespace

void for_each_leaf(const std::string& name, const nlohmann::json& value, const Visit& visit) {
  nlohmann::json path = nlohmann::json::array({name});
  walk(path, value, visit, true, nullptr);
}

void for_each_leaf(const std::string& name, const nlohmann::json& value, const Visit& visit,
                   const MayContinue& may_continue) {
  nlohmann::json path = nlohmann::json::array({name});
  walk(path, value, visit, true, &may_continue);
}

std::string fact_type_name(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::string:
      return "string";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
      return "integer";
    case nlohmann::json::value_t::number_float:
      return "float";
    case nlohmann::json::value_t::boolean:
      return "boolean";
    case nlohmann::json::value_t::object:
      return "map";
    case nlohmann::json::value_t::array:
      return "array";
    default:
      return "null";
  }
}

}  // namespace marionette::puppetdb
