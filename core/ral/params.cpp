#include "ral/params.hpp"

namespace marionette::ral::params {

namespace {

void collect(const catalog::Data& value, std::vector<std::string>& out) {
  if (value.is_null()) return;
  if (value.is_array()) {
    for (const auto& item : value) collect(item, out);
    return;
  }
  out.push_back(display(value));
}

}  // namespace

std::string display(const catalog::Data& value) {
  if (value.is_string()) return value.get<std::string>();
  return value.dump();
}

std::optional<std::string> text(const catalog::Resource& resource, const std::string& name) {
  auto found = resource.parameters.find(name);
  if (found == resource.parameters.end() || found->is_null()) return std::nullopt;
  return display(*found);
}

std::vector<std::string> texts(const catalog::Resource& resource, const std::string& name) {
  std::vector<std::string> out;
  auto found = resource.parameters.find(name);
  if (found != resource.parameters.end()) collect(*found, out);
  return out;
}

std::optional<bool> boolean(const catalog::Resource& resource, const std::string& name) {
  auto found = resource.parameters.find(name);
  if (found == resource.parameters.end() || found->is_null()) return std::nullopt;
  if (found->is_boolean()) return found->get<bool>();
  if (found->is_string()) {
    const auto& s = found->get_ref<const std::string&>();
    if (s == "true") return true;
    if (s == "false") return false;
  }
  return std::nullopt;
}

bool boolean_parameter(const catalog::Resource& resource, const std::string& name, bool fallback,
                       bool& value, std::string& error) {
  std::optional<std::string> given = text(resource, name);
  if (!given) {
    value = fallback;
    return true;
  }
  if (*given == "true" || *given == "yes") {
    value = true;
  } else if (*given == "false" || *given == "no") {
    value = false;
  } else {
    error = "Parameter " + name + " failed on " + resource.ref() + ": Invalid value " + *given +
            ". Valid values are true, false, yes, no.";
    return false;
  }
  return true;
}

std::string parameter_error(const catalog::Resource& resource, const std::string& parameter,
                            const std::string& reason) {
  return "Parameter " + parameter + " failed on " + resource.ref() + ": " + reason;
}

}  // namespace marionette::ral::params
