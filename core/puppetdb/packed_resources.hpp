#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "puppetdb/stored_text.hpp"

namespace marionette::puppetdb {

/// A catalog's resources as the store keeps them: grouped by type (a query by type reads only
/// its group), each resource a tuple [title, tags, exported, file, line, parameters] (the type
/// and the field names are not repeated per resource).
std::map<std::string, std::string> pack_by_type(const nlohmann::json& resources);

/// The resources of one packed group (those of `title` only, when given), each {type, title,
/// tags, exported, file, line, parameters} as the catalog document held them; appended to
/// `into`.
void unpack_resources(const std::string& type, const std::string& packed, nlohmann::json& into,
                      const std::optional<std::string>& title = std::nullopt);

/// Layout 6: a catalog's resource groups (pack_by_type) and its edges (JSON text) as one text,
/// kept as one value ({C}:catalog-body, deflated as one stream with catalog_dictionary()): an
/// index line, [[TYPE, LENGTH], …] and a newline, then the groups in that order, smallest
/// first, then the edges to the end, as runs [relationship, source, [target, …]] of
/// consecutive edges of one relationship and source, each end the number of its resource in
/// the body (edge_runs in packed_resources.cpp; the edges' own text was 15 KB of a bench
/// node's 41, 0.7 KB deflated, 0.35 as runs). One stream finds what the groups share (tags, paths,
/// titles the edges repeat) and pays one zlib header and one key: at 10,000 nodes of the bench
/// fleet ~2.5 KB a node where layout 5's hash by type (one field deflated a group, over Redis's
/// 64-byte listpack bound, so a hashtable) and edges key took 4.4 KB in Redis.
std::string catalog_body_text(const std::map<std::string, std::string>& groups,
                              const std::string& edges);

/// A stored catalog body read as far as its reader needs: a group inflates the stream to that
/// group's end (the smaller groups before it), the edges all of it. Throws StoreError for a
/// body that is not of that form.
class CatalogBody {
 public:
  explicit CatalogBody(std::string stored) : text_(std::move(stored)) {}
  /// The packed group of `type` (JSON text), nullopt when the catalog has none of that type.
  std::optional<std::string> group(const std::string& type);
  /// Every group, with its type, by type.
  std::vector<std::pair<std::string, std::string>> groups();
  /// The edges, [{source, target, relationship}, …].
  nlohmann::json edges();

 private:
  void read_index();
  PartialText text_;
  bool indexed_ = false;
  /// Each group's type, start and length in the text.
  std::vector<std::pair<std::string, std::pair<std::size_t, std::size_t>>> index_;
  std::size_t edges_from_ = 0;
};

}  // namespace marionette::puppetdb
