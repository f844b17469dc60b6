#include "catalog/plain_data.hpp"

#include <optional>
#include <string>

#include "catalog/pcore_type_text.hpp"
#include "text/base64.hpp"

namespace marionette::catalog {

const std::string* ptype_of(const Data& value) {
  if (!value.is_object()) return nullptr;
  auto found = value.find("__ptype");
  return found != value.end() && found->is_string() ? found->get_ptr<const std::string*>()
                                                    : nullptr;
}

Data map_rich_data(const Data& value,
                   const std::function<Data(const std::string& ptype, const Data& object)>& leaf) {
  if (const std::string* ptype = ptype_of(value)) {
    if (*ptype != "Sensitive") return leaf(*ptype, value);
    Data out = value;
    if (auto inner = value.find("__pvalue"); inner != value.end())
      out["__pvalue"] = map_rich_data(*inner, leaf);
    return out;
  }
  if (value.is_array()) {
    Data out = Data::array();
    for (const Data& item : value) out.push_back(map_rich_data(item, leaf));
    return out;
  }
  if (value.is_object()) {
    Data out = Data::object();
    for (const auto& [key, item] : value.items()) out[key] = map_rich_data(item, leaf);
    return out;
  }
  return value;
}

namespace {

bool holds_rich_data(const Data& value) {
  if (const std::string* ptype = ptype_of(value)) return *ptype != "Sensitive";
  if (value.is_array() || value.is_object())
    for (const Data& item : value)
      if (holds_rich_data(item)) return true;
  return false;
}

Data plain(const Data& value);

/// A plain value as Puppet prints it inside a Deferred's call: 'text', [a, b], {'k' => v}.
void append_printed(const Data& value, std::string& out) {
  if (value.is_string()) {
    out += '\'';
    for (char c : value.get_ref<const std::string&>()) {
      if (c == '\'' || c == '\\') out += '\\';
      out += c;
    }
    out += '\'';
  } else if (value.is_null()) {
    out += "undef";
  } else if (value.is_array()) {
    out += '[';
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i > 0) out += ", ";
      append_printed(value[i], out);
    }
    out += ']';
  } else if (value.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, item] : value.items()) {
      if (!first) out += ", ";
      first = false;
      append_printed(Data(key), out);
      out += " => ";
      append_printed(item, out);
    }
    out += '}';
  } else {
    out += value.dump();
  }
}

/// A text as it stands, anything else (a server's catalog may hold anything) as its JSON.
std::string text_of(const Data& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

Data plain_leaf(const std::string& ptype, const Data& value) {
  const Data none;
  const Data& pvalue = value.contains("__pvalue") ? value["__pvalue"] : none;
  if (ptype == "Default") return "default";
  if (is_pcore_type(ptype)) return pcore_type_text(value);
  if (ptype == "Regexp") return "/" + text_of(pvalue) + "/";
  if (ptype == "Binary" && pvalue.is_string())  // applied as its bytes, as Puppet applies one
    if (std::optional<std::string> bytes =
            text::base64_decode(pvalue.get_ref<const std::string&>()))
      return *std::move(bytes);
  if (ptype == "Hash" && pvalue.is_array()) {
    Data out = Data::object();
    for (std::size_t i = 0; i + 1 < pvalue.size(); i += 2) {
      Data key = plain(pvalue[i]);
      out[text_of(key)] = plain(pvalue[i + 1]);
    }
    return out;
  }
  if (ptype == "Deferred") {
    Data call = Data::object();
    call["name"] = value.contains("name") ? text_of(value["name"]) : "";
    call["arguments"] = value.contains("arguments") ? plain(value["arguments"]) : Data();
    std::string printed = "Deferred(";
    append_printed(call, printed);
    return printed + ")";
  }
  return text_of(pvalue);
}

Data plain(const Data& value) {
  return map_rich_data(value, plain_leaf);
}

}  // namespace

bool has_rich_data(const Catalog& catalog) {
  for (const Resource& resource : catalog.resources)
    if (holds_rich_data(resource.parameters)) return true;
  return false;
}

bool holds_deferred(const Data& value) {
  if (const std::string* ptype = ptype_of(value)) {
    if (*ptype == "Deferred") return true;
    auto inner = value.find("__pvalue");  // a Sensitive's
    return inner != value.end() && holds_deferred(*inner);
  }
  if (value.is_array() || value.is_object())
    for (const Data& item : value)
      if (holds_deferred(item)) return true;
  return false;
}

bool holds_deferred(const Catalog& catalog) {
  for (const Resource& resource : catalog.resources)
    if (holds_deferred(resource.parameters)) return true;
  return false;
}

Data plain_data(const Data& value) {
  return plain(value);
}

Catalog with_plain_data_but_deferred(Catalog catalog) {
  for (Resource& resource : catalog.resources)
    if (!holds_deferred(resource.parameters) && holds_rich_data(resource.parameters))
      resource.parameters = plain(resource.parameters);
  return catalog;
}

Catalog with_plain_data(Catalog catalog) {
  for (Resource& resource : catalog.resources)
    if (holds_rich_data(resource.parameters)) resource.parameters = plain(resource.parameters);
  return catalog;
}

}  // namespace marionette::catalog
