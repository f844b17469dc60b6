#include "puppetdb/compiled_catalog.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "digest/digest.hpp"
#include "lang/utf8.hpp"

namespace marionette::puppetdb {

namespace {

using catalog::Data;

/// Writes JSON text as nlohmann::json::dump() does (no indent, UTF-8 kept as it is); `valid`
/// turns false at the first string that is not UTF-8.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}

  bool valid() const { return valid_; }

  void string(std::string_view text) {
    if (lang::first_invalid_utf8(text)) valid_ = false;
    out_ += '"';
    std::size_t run = 0;  // start of the bytes not yet written
    for (std::size_t i = 0; i < text.size(); ++i) {
      const auto byte = static_cast<unsigned char>(text[i]);
      if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
      out_.append(text.data() + run, i - run);
      run = i + 1;
      switch (byte) {
        case '"':
          out_ += "\\\"";
          break;
        case '\\':
          out_ += "\\\\";
          break;
        case '\b':
          out_ += "\\b";
          break;
        case '\f':
          out_ += "\\f";
          break;
        case '\n':
          out_ += "\\n";
          break;
        case '\r':
          out_ += "\\r";
          break;
        case '\t':
          out_ += "\\t";
          break;
        default: {
          static const char kHex[] = "0123456789abcdef";
          out_ += "\\u00";
          out_ += kHex[byte >> 4];
          out_ += kHex[byte & 0xF];
        }
      }
    }
    out_.append(text.data() + run, text.size() - run);
    out_ += '"';
  }

  template <typename Integer>
  void integer(Integer number) {
    char digits[24];
    auto [end, error] = std::to_chars(digits, digits + sizeof digits, number);
    out_.append(digits, end);
  }

  void boolean(bool value) { out_ += value ? "true" : "false"; }
  void null() { out_ += "null"; }

  /// A parameter value, its objects' keys sorted.
  void value(const Data& data) {
    using Type = Data::value_t;
    switch (data.type()) {
      case Type::object: {
        const auto& object = data.get_ref<const Data::object_t&>();
        std::vector<const Data::object_t::value_type*> members;
        members.reserve(object.size());
        for (const auto& member : object) members.push_back(&member);
        std::sort(members.begin(), members.end(),
                  [](const auto* a, const auto* b) { return a->first < b->first; });
        out_ += '{';
        for (std::size_t i = 0; i < members.size(); ++i) {
          if (i) out_ += ',';
          string(members[i]->first);
          out_ += ':';
          value(members[i]->second);
        }
        out_ += '}';
        return;
      }
      case Type::array: {
        out_ += '[';
        bool first = true;
        for (const Data& item : data.get_ref<const Data::array_t&>()) {
          if (!first) out_ += ',';
          first = false;
          value(item);
        }
        out_ += ']';
        return;
      }
      case Type::string:
        string(data.get_ref<const std::string&>());
        return;
      case Type::boolean:
        boolean(data.get<bool>());
        return;
      case Type::number_integer:
        integer(data.get<std::int64_t>());
        return;
      case Type::number_unsigned:
        integer(data.get<std::uint64_t>());
        return;
      case Type::number_float: {
        const double number = data.get<double>();
        if (std::isfinite(number))
          out_ += nlohmann::json(number).dump();  // dump()'s shortest form, as read back
        else
          null();
        return;
      }
      case Type::null:
        null();
        return;
      default:  // binary, discarded: never in a catalog
        valid_ = false;
        null();
    }
  }

  /// A resource's parameters: {} when it has none.
  void parameters(const Data& data) {
    if (data.empty())
      out_ += "{}";
    else
      value(data);
  }

  void tags(const catalog::Resource& resource) {
    out_ += '[';
    bool first = true;
    for (std::string_view tag : stored_tags(resource)) {
      if (!first) out_ += ',';
      first = false;
      string(tag);
    }
    out_ += ']';
  }

  /// The resource's file, then its line, comma separated: both null unless it has both.
  void file_and_line(const catalog::Resource& resource) {
    if (resource.file && resource.line) {
      string(*resource.file);
      out_ += ',';
      integer(*resource.line);
    } else {
      out_ += "null,null";
    }
  }

 private:
  std::string& out_;
  bool valid_ = true;
};

/// "File[/etc/motd]" as its type and title; nullopt for what is not a reference.
std::optional<std::pair<std::string_view, std::string_view>> reference_parts(
    std::string_view text) {
  const std::size_t open = text.find('[');
  if (open == std::string_view::npos || open == 0 || text.back() != ']') return std::nullopt;
  return std::pair{text.substr(0, open), text.substr(open + 1, text.size() - open - 2)};
}

void write_edge(std::string& out, std::string_view relationship,
                std::pair<std::string_view, std::string_view> source,
                std::pair<std::string_view, std::string_view> target) {
  Writer writer(out);
  if (out.size() > 1) out += ',';
  out += "{\"relationship\":";
  writer.string(relationship);
  out += ",\"source\":{\"title\":";
  writer.string(source.second);
  out += ",\"type\":";
  writer.string(source.first);
  out += "},\"target\":{\"title\":";
  writer.string(target.second);
  out += ",\"type\":";
  writer.string(target.first);
  out += "}}";
}

/// The edges the relationship metaparameters of the resource make, appended to `out`: before
/// and notify point from it, require and subscribe to it, as PuppetDB names them.
void relationship_edges(const catalog::Resource& resource, std::string& out) {
  static const std::pair<const char*, const char*> kRelations[] = {
      {"before", "before"},
      {"notify", "notifies"},
      {"require", "required-by"},
      {"subscribe", "subscription-of"}};
  if (!resource.parameters.is_object()) return;
  const std::pair<std::string_view, std::string_view> self{resource.type, resource.title};
  for (const auto& [parameter, relationship] : kRelations) {
    auto value = resource.parameters.find(parameter);
    if (value == resource.parameters.end()) continue;
    const bool outward =
        std::string_view(parameter) == "before" || std::string_view(parameter) == "notify";
    auto add = [&](const Data& target) {
      if (!target.is_string()) return;
      auto other = reference_parts(target.get_ref<const std::string&>());
      if (!other) return;
      write_edge(out, relationship, outward ? self : *other, outward ? *other : self);
    };
    if (value->is_array())
      for (const Data& target : *value) add(target);
    else
      add(*value);
  }
}

bool utf8(std::string_view text) {
  return !lang::first_invalid_utf8(text);
}

}  // namespace

std::vector<std::string_view> stored_tags(const catalog::Resource& resource) {
  std::vector<std::string_view> tags(resource.tags.begin(), resource.tags.end());
  std::sort(tags.begin(), tags.end());
  tags.erase(std::unique(tags.begin(), tags.end()), tags.end());
  return tags;
}

std::optional<CompiledCatalogText> compiled_catalog_text(const catalog::Catalog& catalog) {
  if (!utf8(catalog.name) || !utf8(catalog.environment) || !utf8(catalog.catalog_uuid) ||
      (catalog.code_id && !utf8(*catalog.code_id)))
    return std::nullopt;
  for (const catalog::Edge& edge : catalog.edges)
    if (!utf8(edge.source) || !utf8(edge.target)) return std::nullopt;
  CompiledCatalogText text;
  text.edges = "[";
  digest::Hasher hasher(digest::Algorithm::sha1);
  hasher.update("[[");
  std::string resource_text;  // one resource at a time, its buffer reused
  bool first = true;
  for (const catalog::Resource& resource : catalog.resources) {
    resource_text.clear();
    Writer writer(resource_text);
    resource_text += "{\"exported\":";
    writer.boolean(resource.exported);
    // a file without a line is not kept, but its text is checked as the JSON's writer would
    if (resource.file && !utf8(*resource.file)) return std::nullopt;
    const bool located = resource.file && resource.line;
    resource_text += ",\"file\":";
    if (located)
      writer.string(*resource.file);
    else
      writer.null();
    resource_text += ",\"line\":";
    if (located)
      writer.integer(*resource.line);
    else
      writer.null();
    resource_text += ",\"parameters\":";
    writer.parameters(resource.parameters);
    resource_text += ",\"tags\":";
    writer.tags(resource);
    resource_text += ",\"title\":";
    writer.string(resource.title);
    resource_text += ",\"type\":";
    writer.string(resource.type);
    resource_text += '}';
    if (!writer.valid()) return std::nullopt;
    if (!first) hasher.update(",");
    first = false;
    hasher.update(resource_text);
    relationship_edges(resource, text.edges);
  }
  for (const catalog::Edge& edge : catalog.edges) {
    auto source = reference_parts(edge.source);
    auto target = reference_parts(edge.target);
    if (source && target) write_edge(text.edges, "contains", *source, *target);
  }
  text.edges += ']';
  std::string environment;
  Writer(environment).string(catalog.environment);
  hasher.update("],");
  hasher.update(text.edges);
  hasher.update(",");
  hasher.update(environment);
  hasher.update("]");
  text.hash = hasher.finish_hex();
  return text;
}

std::map<std::string, std::string> packed_compiled_resources(const catalog::Catalog& catalog) {
  // each group [[title, tags, exported, file, line, parameters], …]
  std::map<std::string, std::string> groups;
  for (const catalog::Resource& resource : catalog.resources) {
    std::string& group = groups[resource.type];
    group += group.empty() ? "[[" : ",[";
    Writer writer(group);
    writer.string(resource.title);
    group += ',';
    writer.tags(resource);
    group += ',';
    writer.boolean(resource.exported);
    group += ',';
    writer.file_and_line(resource);
    group += ',';
    writer.parameters(resource.parameters);
    group += ']';
  }
  for (auto& [type, group] : groups) group += ']';
  return groups;
}

}  // namespace marionette::puppetdb
