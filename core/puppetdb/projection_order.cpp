// PuppetDB's order for the fields of its refusals: the projections of each entity's query
// (puppetlabs/puppetdb/query_eng/engine.clj in PuppetDB 7.12), which fields are queryable and
// which cannot be extracted, and Clojure's iteration order for a hash map of strings.
#include "puppetdb/projection_order.hpp"

#include <algorithm>
#include <cstdint>
#include <map>

namespace marionette::puppetdb {

namespace {

struct Projection {
  const char* name;
  bool queryable = true;
  bool projectable = true;
};

constexpr Projection kQueryOnly{nullptr, true, false};
constexpr Projection kAnswerOnly{nullptr, false, true};
constexpr Projection kNeither{nullptr, false, false};

Projection with_name(Projection flags, const char* name) {
  flags.name = name;
  return flags;
}

/// Each entity's projections as PuppetDB's source writes them.
const std::map<std::string, std::vector<Projection>>& projections() {
  static const std::map<std::string, std::vector<Projection>> table = {
      {"nodes",
       {{"certname"},
        {"deactivated"},
        {"expired"},
        {"facts_environment"},
        {"catalog_timestamp"},
        {"facts_timestamp"},
        {"report_timestamp"},
        {"latest_report_hash"},
        {"latest_report_noop"},
        {"latest_report_noop_pending"},
        {"latest_report_status"},
        {"latest_report_corrective_change"},
        {"latest_report_job_id"},
        {"cached_catalog_status"},
        {"catalog_environment"},
        {"report_environment"}}},
      {"inventory", {{"certname"}, {"timestamp"}, {"environment"}, {"facts"}, {"trusted"}}},
      {"fact-paths", {{"type"}, {"path"}, {"name"}, with_name(kQueryOnly, "depth")}},
      {"fact-names", {{"name"}}},
      {"facts", {{"certname"}, {"environment"}, {"name"}, {"value"}}},
      {"fact-contents",
       {{"certname"},
        {"environment"},
        {"path"},
        with_name(kNeither, "path_types"),
        {"name"},
        {"value"}}},
      {"reports",
       {{"hash"},
        {"certname"},
        {"noop_pending"},
        {"puppet_version"},
        {"report_format"},
        {"configuration_version"},
        {"start_time"},
        {"end_time"},
        {"producer_timestamp"},
        {"producer"},
        {"corrective_change"},
        with_name(kAnswerOnly, "metrics"),
        with_name(kAnswerOnly, "logs"),
        {"receive_time"},
        {"transaction_uuid"},
        {"catalog_uuid"},
        {"noop"},
        {"code_id"},
        {"job_id"},
        {"cached_catalog_status"},
        {"environment"},
        {"status"},
        {"type"},
        with_name(kQueryOnly, "latest_report?"),
        with_name(kAnswerOnly, "resource_events")}},
      {"catalogs",
       {{"version"},
        {"certname"},
        {"hash"},
        {"transaction_uuid"},
        {"catalog_uuid"},
        {"code_id"},
        {"job_id"},
        {"environment"},
        {"producer_timestamp"},
        {"producer"},
        with_name(kAnswerOnly, "resources"),
        with_name(kAnswerOnly, "edges")}},
      {"edges",
       {{"certname"},
        {"relationship"},
        {"source_title"},
        {"source_type"},
        {"target_title"},
        {"target_type"}}},
      {"resources",
       {{"certname"},
        {"environment"},
        {"resource"},
        {"type"},
        {"title"},
        with_name(kQueryOnly, "tag"),
        {"tags"},
        {"exported"},
        {"file"},
        {"line"},
        {"parameters"}}},
      {"events",
       {{"certname"},
        {"configuration_version"},
        {"run_start_time"},
        {"run_end_time"},
        {"report_receive_time"},
        {"report"},
        {"status"},
        {"corrective_change"},
        {"timestamp"},
        {"resource_type"},
        {"resource_title"},
        {"property"},
        {"new_value"},
        {"old_value"},
        {"message"},
        {"file"},
        {"line"},
        {"containment_path"},
        {"containing_class"},
        {"environment"},
        with_name(kQueryOnly, "latest_report?"),
        with_name(kNeither, "report_id"),
        {"name"}}},
      {"environments", {{"name"}}},
      {"producers", {{"name"}}},
      {"packages", {{"package_name"}, {"version"}, {"provider"}}},
      {"package-inventory", {{"certname"}, {"package_name"}, {"version"}, {"provider"}}},
      {"factsets",
       {{"timestamp"},
        {"facts"},
        {"certname"},
        {"hash"},
        {"producer_timestamp"},
        {"producer"},
        {"environment"}}},
  };
  return table;
}

/// Clojure keeps a map of up to 8 entries as an array map, in the order it was written.
constexpr std::size_t kArrayMapLimit = 8;

std::vector<std::string> names_in_map_order(const std::string& entity,
                                            bool (*wanted)(const Projection&)) {
  auto found = projections().find(entity);
  if (found == projections().end()) return {};
  std::vector<std::string> keys;
  for (const Projection& projection : found->second) keys.emplace_back(projection.name);
  if (keys.size() > kArrayMapLimit) keys = clojure_hash_order(std::move(keys));
  std::vector<std::string> names;
  for (const std::string& key : keys)
    for (const Projection& projection : found->second)
      if (key == projection.name && wanted(projection)) names.push_back(key);
  return names;
}

std::uint32_t rotate_left(std::uint32_t value, int bits) {
  return (value << bits) | (value >> (32 - bits));
}

/// Java's String.hashCode of an ASCII or UTF-8 text, one UTF-16 unit per character below
/// U+10000 (a surrogate pair beyond).
std::uint32_t java_string_hash(const std::string& text) {
  std::uint32_t hash = 0;
  auto add = [&](std::uint32_t unit) { hash = 31 * hash + unit; };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    std::uint32_t code = lead;
    std::size_t length = 1;
    if (lead >= 0xF0)
      code = lead & 0x07, length = 4;
    else if (lead >= 0xE0)
      code = lead & 0x0F, length = 3;
    else if (lead >= 0xC0)
      code = lead & 0x1F, length = 2;
    for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
      code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    i += length;
    if (code >= 0x10000) {
      code -= 0x10000;
      add(0xD800 + (code >> 10));
      add(0xDC00 + (code & 0x3FF));
    } else {
      add(code);
    }
  }
  return hash;
}

/// clojure.lang.Murmur3.hashInt: Clojure's hasheq of a String is this of its hashCode.
std::uint32_t murmur3_hash_int(std::uint32_t input) {
  if (input == 0) return 0;
  std::uint32_t k1 = input * 0xcc9e2d51u;
  k1 = rotate_left(k1, 15) * 0x1b873593u;
  std::uint32_t h1 = rotate_left(k1, 13) * 5 + 0xe6546b64u;
  h1 ^= 4;
  h1 ^= h1 >> 16;
  h1 *= 0x85ebca6bu;
  h1 ^= h1 >> 13;
  h1 *= 0xc2b2ae35u;
  h1 ^= h1 >> 16;
  return h1;
}

/// The hash with its 5-bit groups reversed, lowest first: the trie's path, root first.
std::uint64_t trie_path(std::uint32_t hash) {
  std::uint64_t path = 0;
  for (int level = 0; level < 7; ++level) path = (path << 5) | ((hash >> (5 * level)) & 31);
  return path;
}

}  // namespace

std::vector<std::string> clojure_hash_order(std::vector<std::string> keys) {
  std::stable_sort(keys.begin(), keys.end(), [](const std::string& a, const std::string& b) {
    return trie_path(murmur3_hash_int(java_string_hash(a))) <
           trie_path(murmur3_hash_int(java_string_hash(b)));
  });
  return keys;
}

std::vector<std::string> orderable_columns(const std::string& entity) {
  return names_in_map_order(entity, [](const Projection& p) { return p.queryable; });
}

std::vector<std::string> extractable_fields(const std::string& entity) {
  return names_in_map_order(entity, [](const Projection& p) { return p.projectable; });
}

}  // namespace marionette::puppetdb
