#include "compiler/resource_table.hpp"

#include <algorithm>
#include <cctype>

#include "catalog/catalog_writer.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/value_data.hpp"
#include "compiler/value_json.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

std::string without_trailing_slashes(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  return std::string(path);
}

std::string capitalize_segments(std::string_view name) {
  std::string out = lowercase(name);
  bool segment_start = true;
  for (char& c : out) {
    if (segment_start && c != ':')
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    segment_start = c == ':';
  }
  return out;
}

bool is_valid_tag(std::string_view name) {
  if (name.empty()) return false;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  if (!word(name[0])) return false;
  return std::all_of(name.begin() + 1, name.end(),
                     [&](char c) { return word(c) || c == ':' || c == '.' || c == '-'; });
}

const Value* CompiledResource::parameter(std::string_view name) const {
  for (const auto& [key, value] : parameters)
    if (key == name) return &value;
  return nullptr;
}

Value* CompiledResource::parameter(std::string_view name) {
  for (auto& [key, value] : parameters)
    if (key == name) return &value;
  return nullptr;
}

void CompiledResource::set_parameter(const std::string& name, Value value) {
  if (Value* existing = parameter(name)) {
    *existing = std::move(value);
  } else {
    parameters.emplace_back(name, std::move(value));
  }
}

void CompiledResource::tag(std::string_view name) {
  auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  char buffer[64];  // a type's or class's name lowercased here, without a string
  std::string lowered;
  std::string_view lower = name;
  if (std::any_of(name.begin(), name.end(), upper)) {
    if (name.size() <= sizeof buffer) {
      for (std::size_t i = 0; i < name.size(); ++i)
        buffer[i] = upper(name[i]) ? static_cast<char>(name[i] - 'A' + 'a') : name[i];
      lower = std::string_view(buffer, name.size());
    } else {
      lowered = lowercase(name);
      lower = lowered;
    }
  }
  // A tag already present came with its `::` segments: nothing to add.
  if (std::find(tags.begin(), tags.end(), lower) != tags.end()) return;
  if (tags.empty()) tags.reserve(4);  // most resources end with 2 to 4 tags of their own
  tags.emplace_back(lower);
  if (lower.find("::") == std::string_view::npos) return;
  std::string_view rest = lower;
  while (true) {
    std::size_t end = rest.find("::");
    std::string_view segment = rest.substr(0, end);
    if (std::find(tags.begin(), tags.end(), segment) == tags.end()) tags.emplace_back(segment);
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 2);
  }
}

std::optional<std::size_t> ResourceTable::find(const std::string& type,
                                               const std::string& title) const {
  return find(reference_key(type, title));
}

std::optional<std::size_t> ResourceTable::find(const std::string& key) const {
  auto found = index_.find(key);
  if (found == index_.end()) return std::nullopt;
  return found->second;
}

std::size_t ResourceTable::add(CompiledResource&& resource) {
  std::string key = resource.ref();
  return add(std::move(resource), std::move(key));
}

std::size_t ResourceTable::add(CompiledResource&& resource, std::string key) {
  std::size_t index = resources_.size();
  // Room for a few thousand at once: growing from a few buckets rehashed the table ten times
  // on the way to 3,000 resources, each time walking every node (cache misses, not
  // instructions, were the cost: 1.4 % of a compile's samples).
  if (index_.empty()) index_.reserve(kFirstBuckets);
  index_.emplace(std::move(key), index);
  resources_.push_back(std::move(resource));
  return index;
}

bool ResourceTable::has_tag(std::size_t index, const std::string& tag) const {
  for (std::optional<std::size_t> at = index; at; at = resources_[*at].tag_source) {
    const std::vector<std::string>& tags = resources_[*at].tags;
    if (std::find(tags.begin(), tags.end(), tag) != tags.end()) return true;
  }
  return false;
}

void ResourceTable::finish_tags() {
  for (CompiledResource& resource : resources_) {
    if (!resource.tag_source) continue;
    // The container's tags are lowercase and already list the segments of each `a::b` right
    // after it (or earlier), so adding them in order is what tag() would do, without the work.
    const std::vector<std::string>& inherited = resources_[*resource.tag_source].tags;
    for (const std::string& tag : inherited)
      if (std::find(resource.tags.begin(), resource.tags.end(), tag) == resource.tags.end())
        resource.tags.push_back(tag);
    resource.tag_source.reset();
  }
}

void ResourceTable::add_edge(std::size_t container, std::size_t contained) {
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  if (contained >= first_container_.size())
    first_container_.resize(std::max(contained + 1, 2 * first_container_.size()), kNone);
  std::size_t& first = first_container_[contained];
  if (first == container) return;
  if (first == kNone) {
    first = container;
  } else if (!further_edges_.insert({container, contained}).second) {
    return;
  }
  edges_.emplace_back(container, contained);
}

namespace {

void flatten_into(const Array& items, bool drop_undef, Array& out) {
  for (const Value& item : items) {
    if (item.is_array()) {
      flatten_into(item.array(), drop_undef, out);
    } else if (!drop_undef || !item.is_undef()) {
      out.push_back(item);
    }
  }
}

bool holds_reference(const Array& items) {
  return std::any_of(items.begin(), items.end(), [](const Value& item) {
    return is_resource_reference(as_reference(item)) ||
           (item.is_array() && holds_reference(item.array()));
  });
}

}  // namespace

void ResourceTable::flatten_reference_arrays() {
  for (CompiledResource& resource : resources_)
    for (auto& [name, value] : resource.parameters) {
      if (!value.is_array()) continue;
      const bool relationship =
          name == "before" || name == "require" || name == "notify" || name == "subscribe";
      const Array& items = value.array();
      const bool nested = std::any_of(items.begin(), items.end(), [&](const Value& item) {
        return item.is_array() || (relationship && item.is_undef());
      });
      if (!nested || (!relationship && !holds_reference(items))) continue;
      Array flat;
      flatten_into(items, relationship, flat);
      value = std::move(flat);
    }
}

catalog::Catalog ResourceTable::to_catalog() const {
  catalog::Catalog out;
  out.resources.reserve(resources_.size());
  for (const CompiledResource& r : resources_) {
    if (!r.in_catalog()) continue;
    catalog::Resource resource;
    resource.exported = r.exported;
    resource.type = r.type;
    resource.title = r.title;
    resource.tags = r.tags;
    if (r.where.known()) {
      resource.file = r.where.path();
      resource.line = static_cast<int>(r.where.line);
    }
    resource.kind = r.kind;
    try {
      for (const auto& [name, value] : r.parameters) {
        if (!value.is_undef()) resource.parameters[name] = to_data(value, data_form_);
        if (is_sensitive(value)) resource.sensitive_parameters.push_back(name);
      }
    } catch (const SerializationRecursion& e) {
      throw lang::SourceError(e.what(), r.where);  // Puppet names the resource
    }
    out.resources.push_back(std::move(resource));
  }
  for (const auto& [source, target] : edges_) {
    const CompiledResource& s = resources_[source];
    const CompiledResource& t = resources_[target];
    if (!s.in_catalog() || !t.in_catalog()) continue;
    out.edges.push_back({s.ref(), t.ref()});
  }
  return out;
}

namespace {

/// Whether a parameter name appears twice: to_catalog's JSON object then keeps one entry.
bool has_repeated_parameter(const CompiledResource& r) {
  for (std::size_t i = 0; i < r.parameters.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (r.parameters[i].first == r.parameters[j].first) return true;
  return false;
}

void write_parameters(const CompiledResource& r, catalog::JsonWriter& json, DataForm form) {
  if (has_repeated_parameter(r)) {
    catalog::Data parameters = catalog::Data::object();
    for (const auto& [name, value] : r.parameters)
      if (!value.is_undef()) parameters[name] = to_data(value, form);
    if (parameters.empty()) return;
    json.raw(",\"parameters\":");
    json.value(parameters);
    return;
  }
  bool first = true;
  for (const auto& [name, value] : r.parameters) {
    if (value.is_undef()) continue;
    json.raw(first ? ",\"parameters\":{" : ",");
    first = false;
    json.string(name);
    json.raw(':');
    write_json(value, json, form);
  }
  if (!first) json.raw('}');
}

/// `"sensitive_parameters":[…]`, the parameters whose values are Sensitive, when there are any.
void write_sensitive_parameters(const CompiledResource& r, catalog::JsonWriter& json) {
  bool first = true;
  for (const auto& [name, value] : r.parameters) {
    if (!is_sensitive(value)) continue;
    json.raw(first ? ",\"sensitive_parameters\":[" : ",");
    first = false;
    json.string(name);
  }
  if (!first) json.raw(']');
}

/// A container's finished tags, as those of its resources that take them after their own
/// (see for_each_finished_tag): listed once, written once, then copied for the others.
struct InheritedTags {
  bool listed = false;
  std::vector<const std::string*> tags;
  std::string json;  ///< as JSON array items, "a","b"; empty until written
};

/// Whether the resource's own tags and the inherited ones have none in common.
bool apart(const std::vector<std::string>& own, const InheritedTags& inherited) {
  for (const std::string& tag : own)
    for (const std::string* other : inherited.tags)
      if (*other == tag) return false;
  return true;
}

}  // namespace

void ResourceTable::write_resources_json(catalog::JsonWriter& json) const {
  std::vector<InheritedTags> inherited(resources_.size());
  auto inherited_from = [&](std::size_t container) -> InheritedTags& {
    InheritedTags& tags = inherited[container];
    if (!tags.listed) {
      tags.listed = true;
      tags.tags.reserve(16);
      for_each_finished_tag(container, [&](const std::string& tag) { tags.tags.push_back(&tag); });
    }
    return tags;
  };
  bool first = true;
  for (std::size_t index = 0; index < resources_.size(); ++index) {
    const CompiledResource& r = resources_[index];
    if (!r.in_catalog()) continue;
    if (!first) json.raw(',');
    first = false;
    catalog::write_resource_head(json, r.type, r.title);
    {
      json.raw('[');
      bool first_tag = true;
      auto write = [&](const std::string& tag) {
        if (!first_tag) json.raw(',');
        first_tag = false;
        json.string(tag);
      };
      // The tags of a container that comes earlier: the same for all it holds, so written
      // once and copied when none is among the resource's own (the rule is
      // for_each_finished_tag's).
      const std::optional<std::size_t>& source = r.tag_source;
      if (!source || *source >= index) {
        for_each_finished_tag(index, write);
      } else {
        for (const std::string& tag : r.tags) write(tag);
        InheritedTags& shared = inherited_from(*source);
        if (!apart(r.tags, shared)) {
          for (const std::string* tag : shared.tags)
            if (std::find(r.tags.begin(), r.tags.end(), *tag) == r.tags.end()) write(*tag);
        } else if (!shared.tags.empty()) {
          if (!first_tag) json.raw(',');
          if (!shared.json.empty()) {
            json.raw(shared.json);
          } else {
            std::size_t start = json.written();
            first_tag = true;
            for (const std::string* tag : shared.tags) write(*tag);
            shared.json = json.written_since(start);
          }
        }
      }
      json.raw(']');
    }
    std::optional<int> line;
    if (r.where.known()) line = static_cast<int>(r.where.line);
    catalog::write_resource_tail(json, r.where.known() ? &r.where.path() : nullptr, line,
                                 r.exported, r.kind);
    try {
      write_parameters(r, json, data_form_);
    } catch (const SerializationRecursion& e) {
      throw lang::SourceError(e.what(), r.where);  // Puppet names the resource
    }
    write_sensitive_parameters(r, json);
    json.raw('}');
  }
}

void ResourceTable::write_edges_json(catalog::JsonWriter& json) const {
  std::vector<std::string> sources(resources_.size());  // each source as written, for reuse
  bool first = true;
  for (const auto& [from, to] : edges_) {
    const CompiledResource& s = resources_[from];
    const CompiledResource& t = resources_[to];
    if (!s.in_catalog() || !t.in_catalog()) continue;
    if (!first) json.raw(',');
    first = false;
    catalog::write_edge(json, s.type, s.title, t.type, t.title, sources[from]);
  }
}

}  // namespace marionette::compiler
