#pragma once

#include <algorithm>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "catalog/json_writer.hpp"
#include "compiler/value.hpp"
#include "compiler/value_data.hpp"
#include "lang/source_location.hpp"
#include "text/text.hpp"

namespace marionette::lang::ast {
struct DefinedTypeDefinition;
}

namespace marionette::compiler {

class Scope;

/// "Type[title]", built with one allocation (resource lookups build one per call).
inline std::string reference_key(std::string_view type, std::string_view title) {
  std::string key;
  key.reserve(type.size() + title.size() + 2);
  key.append(type).append(1, '[').append(title).append(1, ']');
  return key;
}

/// A resource while the catalog is being compiled.
struct CompiledResource {
  std::string type;   ///< "File", "Class", "Apache::Vhost"
  std::string title;  ///< "App::Web" for classes
  std::vector<std::pair<std::string, Value>> parameters;
  std::vector<std::string> tags;
  lang::SourceLocation where;  ///< unknown for included classes (no file/line in the catalog)
  std::string kind = "compilable_type";
  bool exported = false;
  bool is_virtual = false;
  /// An exported resource an exported collector of this compile collected: in the catalog,
  /// still marked exported (Puppet's collected exported resources are not virtual).
  bool collected = false;
  /// Another node's exported resource this compile collected: "certname|Type|title" (Puppet's
  /// collector_id), so that a later pass of the collector finds it again without a duplicate.
  std::string collector_id;
  /// Declared by create_resources with a title that was not a String: Puppet keeps its `name`
  /// although it equals the written title, and does not tag it with the title.
  bool title_was_not_a_string = false;
  /// A defined type's instance, evaluated at the end of the compilation.
  const lang::ast::DefinedTypeDefinition* definition = nullptr;
  /// The attributes given as undef (not kept as parameters): a defined type's instance binds
  /// such a parameter without default to undef, as Puppet's.
  std::vector<std::string> given_undef;
  bool evaluated = false;
  const Scope* declared_in = nullptr;
  /// The node's scope or top scope, whichever encloses where this class or defined type's
  /// instance was declared: its body sees that scope's variables (Puppet's enclosing scope).
  Scope* enclosing_scope = nullptr;
  /// For a defined type's instance: the resource defaults visible where it was declared.
  const Scope* defaults_scope = nullptr;
  /// The container whose tags this resource takes when it is finished (Puppet adds the scope's
  /// tags at the end, after overrides have added theirs).
  std::optional<std::size_t> tag_source;
  /// Parameters set by a resource default of another class or defined type: Puppet counts the
  /// container of the scope that declared the default as the parameter's source for overrides.
  struct DefaultedParameter {
    std::string name;
    std::size_t source;
    lang::SourceLocation where;  ///< of the default
  };
  std::vector<DefaultedParameter> defaulted_from;

  std::string ref() const { return reference_key(type, title); }
  /// Whether the agent's catalog has it: neither virtual nor exported and left uncollected.
  bool in_catalog() const { return !is_virtual && (!exported || collected); }
  const Value* parameter(std::string_view name) const;
  Value* parameter(std::string_view name);
  void set_parameter(const std::string& name, Value value);
  /// Adds tags (lowercased, with their `::` segments), keeping the first occurrence.
  void tag(std::string_view name);
};

/// Every resource of the catalog in the order they were added, with containment edges.
class ResourceTable {
 public:
  std::size_t size() const { return resources_.size(); }
  CompiledResource& operator[](std::size_t i) { return resources_[i]; }
  const CompiledResource& operator[](std::size_t i) const { return resources_[i]; }

  std::optional<std::size_t> find(const std::string& type, const std::string& title) const;
  /// By reference_key(type, title).
  std::optional<std::size_t> find(const std::string& key) const;
  /// Whether the resource has the tag, counting the tags it will take from its containers.
  bool has_tag(std::size_t index, const std::string& tag) const;
  /// Gives every resource its containers' tags, in catalog order.
  void finish_tags();
  /// Flattens the arrays of parameters as Puppet's catalog has them: a relationship
  /// metaparameter's (undef left out), and any other that holds a resource reference at some
  /// depth (Puppet::Resource#copy_as_resource).
  void flatten_reference_arrays();
  /// Calls `emit` with each tag the resource has once finish_tags() has run, in that order,
  /// whether or not it has run, without copying any.
  template <typename Emit>
  void for_each_finished_tag(std::size_t index, Emit emit) const;
  std::size_t add(CompiledResource&& resource);
  /// add(), with the resource's reference_key already made.
  std::size_t add(CompiledResource&& resource, std::string key);
  void add_edge(std::size_t container, std::size_t contained);
  /// The containment edges, in the order they were added.
  const std::vector<std::pair<std::size_t, std::size_t>>& edges() const { return edges_; }

  /// How the catalog holds values JSON has no plain form for: Puppet 8's rich data or Puppet
  /// 7's strings (value_data.hpp).
  void set_data_form(DataForm form) { data_form_ = form; }

  /// The finished catalog: virtual resources left out.
  catalog::Catalog to_catalog() const;
  /// The finished catalog's resources and edges, written as catalog::to_json writes
  /// to_catalog()'s, without building it (nor finishing the tags first).
  void write_resources_json(catalog::JsonWriter& json) const;
  void write_edges_json(catalog::JsonWriter& json) const;

 private:
  static constexpr std::size_t kFirstBuckets = 4096;
  DataForm data_form_ = DataForm::strings;
  std::deque<CompiledResource> resources_;
  std::unordered_map<std::string, std::size_t> index_;
  std::vector<std::pair<std::size_t, std::size_t>> edges_;  ///< in the order they were added
  struct EdgeHash {
    std::size_t operator()(const std::pair<std::size_t, std::size_t>& edge) const {
      return std::hash<std::size_t>()(edge.first * 0x9E3779B97F4A7C15ULL ^ edge.second);
    }
  };
  /// Duplicates are refused. Most resources have one container: its index is kept per resource
  /// (npos: none yet); only the further edges of a resource (`contain` of a class declared
  /// elsewhere) go into the set.
  std::vector<std::size_t> first_container_;
  std::unordered_set<std::pair<std::size_t, std::size_t>, EdgeHash> further_edges_;
};

template <typename Emit>
void ResourceTable::for_each_finished_tag(std::size_t index, Emit emit) const {
  // finish_tags() gives a resource its own tags, then those its container has at that point
  // that it lacks: the container's finished tags when the container comes earlier in the table
  // (it was finished first), its own tags only when it comes later. Followed up the chain, that
  // is each level's own tags less those of the levels below it.
  constexpr std::size_t kMaxLevels = 32;
  const std::vector<std::string>* levels[kMaxLevels];
  std::size_t depth = 0;
  for (std::size_t at = index; depth < kMaxLevels;) {
    levels[depth++] = &resources_[at].tags;
    const std::optional<std::size_t>& source = resources_[at].tag_source;
    if (!source) break;
    if (*source > at) {  // not finished yet when `at` was: its own tags only
      if (depth < kMaxLevels) levels[depth++] = &resources_[*source].tags;
      break;
    }
    at = *source;
  }
  for (std::size_t level = 0; level < depth; ++level) {
    for (const std::string& tag : *levels[level]) {
      bool below = false;
      for (std::size_t lower = 0; lower < level && !below; ++lower)
        below =
            std::find(levels[lower]->begin(), levels[lower]->end(), tag) != levels[lower]->end();
      if (!below) emit(tag);
    }
  }
}

/// Puppet's rule for tags: letters, digits, underscores, then also `:`, `.` and `-`.
bool is_valid_tag(std::string_view name);

/// "app::web" -> "App::Web": how resource types and class titles are written in a catalog.
std::string capitalize_segments(std::string_view name);

using text::lowercase;

/// A file's path as Puppet's File title pattern reads it: "/etc/x//" -> "/etc/x", "/" stays.
std::string without_trailing_slashes(std::string_view path);

}  // namespace marionette::compiler
