#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace marionette::puppetdb {

/// A catalog's resources as the store keeps them: grouped by type (a query by type reads only
/// its group), each resource a tuple [title, tags, exported, file, line, parameters] (the type
/// and the field names are not repeated per resource).
std::map<std::string, std::string> pack_by_type(const nlohmann::json& resources);

/// Whether a packed tuple of group `type` is of `title`, its first element read alone: the title
/// as dumped (`quoted`), or, written with an escape, as parsed. Throws StoreError for a tuple
/// that is not an array.
bool packed_tuple_titled(std::string_view tuple, const std::string& type, std::string_view quoted,
                         const std::string& title);

/// The resources of one packed group (those of `title` only, when given), each {type, title,
/// tags, exported, file, line, parameters} as the catalog document held them; appended to
/// `into`.
void unpack_resources(const std::string& type, const std::string& packed, nlohmann::json& into,
                      const std::optional<std::string>& title = std::nullopt);

/// Layout 6: a catalog's resource groups (pack_by_type) and its edges as one stored value
/// ({C}:catalog-body): an index line, [DICTIONARY, [TYPE, LENGTH, 1], …, ["", LENGTH, 1]] and a
/// newline, then each group by type and last the edges, each piece deflated alone with the
/// catalog dictionary (deflated_piece, named by DICTIONARY: its deflate_dictionary_id), or as it is
/// (no 1) when that is not smaller. A query by type inflates its own group only. The edges are
/// kept as runs [relationship, source, [target, …]] of consecutive edges of one relationship
/// and source, an end the number of its resource in the body (in the groups' order) and a
/// range of three or more consecutive ends [first, count]; an end that is no resource of the
/// catalog, or an edge of another form, is kept as sent. One key instead of layout 5's hash by
/// type (each group over Redis's 64-byte listpack bound made it a hashtable) and edges key: at
/// 2,000 nodes of the bench fleet 2.6 KB a node in Redis where layout 5 took 4.4 (the edges'
/// text, 15 KB of a node's 41, was 0.7 KB deflated, 0.17 as runs).
std::string catalog_body_text(const std::map<std::string, std::string>& groups,
                              const std::string& edges);

/// Layout 9: a catalog body (catalog_body_text) whose groups that do not name the node (its
/// certname or host name: the packages, users and services of its role, say) are kept apart as
/// a shared part, a catalog body of their own with no edges, named by a digest of them: every
/// node with the same such groups names the same part, kept once (KeyLayout::shared_groups).
/// The node's body names it after DICTIONARY, [DICTIONARY, "NAME", [TYPE, LENGTH, 1], …]; its
/// edges number the resources of both, merged by type. Below kSharedGroupsFrom bytes of such
/// groups, or with none, the body is catalog_body_text's and `shared_name` empty.
struct CatalogBodyParts {
  std::string body;
  std::string shared_name;
  std::string shared;
};
CatalogBodyParts catalog_body_parts(const std::map<std::string, std::string>& groups,
                                    const std::string& edges, const std::string& certname);

/// A stored catalog body, read piece by piece. Throws StoreError for a body not of that form.
class CatalogBody {
 public:
  using Groups = std::vector<std::pair<std::string, std::string>>;
  explicit CatalogBody(std::string stored);
  /// The name of the shared part the body's groups continue in (catalog_body_parts); empty for
  /// none.
  const std::string& shared_part() const { return shared_; }
  /// The shared part's groups (CatalogBody(part).groups()), read with the body's own from here
  /// on; a body that names a part reads none of its groups without them (StoreError).
  void attach(std::shared_ptr<const Groups> shared_groups);
  /// The packed group of `type` (JSON text), nullopt when the catalog has none of that type.
  std::optional<std::string> group(const std::string& type) const;
  /// Every group, with its type, by type.
  Groups groups() const;
  /// The edges, [{source, target, relationship}, …].
  nlohmann::json edges() const;
  /// The same, its resources named from `groups` (what groups() gave) rather than inflated again.
  nlohmann::json edges(const std::vector<std::pair<std::string, std::string>>& groups) const;

 private:
  struct Piece {
    std::string type;
    std::size_t from = 0, length = 0;
    bool deflated = false;
  };
  std::string text(const Piece& piece) const;
  const Groups& shared_groups() const;
  nlohmann::json edges_of(const std::vector<std::pair<std::string, std::string>>* groups) const;
  std::string stored_;
  std::uint32_t dictionary_ = 0;
  std::string shared_;
  std::shared_ptr<const Groups> shared_groups_;
  std::vector<Piece> pieces_;  ///< the groups, then the edges (type "")
};

}  // namespace marionette::puppetdb
