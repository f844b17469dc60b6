#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "facts/facts.hpp"
#include "facts/native_parts.hpp"

namespace marionette::facts {

namespace native {

Facts sorted_facts(const Facts& value) {
  if (!value.is_object()) return value;
  std::vector<std::string> keys;
  for (const auto& [key, _] : value.items()) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  Facts result = Facts::object();
  for (const auto& key : keys) result[key] = sorted_facts(value[key]);
  return result;
}

std::string read_text(const char* path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace native

Facts gather_native() {
  Facts facts = Facts::object();
  native::add_kernel_facts(facts);
  native::add_os_facts(facts);
  native::add_networking_facts(facts);
  native::add_system_facts(facts);
  native::add_storage_facts(facts);
  native::add_host_facts(facts);
  return native::sorted_facts(facts);
}

}  // namespace marionette::facts
