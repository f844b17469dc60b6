#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "puppetdb/learnt_dictionary.hpp"

namespace marionette::puppetdb {

/// A top-level fact whose value's text is this long or longer is kept in the fact-object's
/// large piece; the shorter ones (role, kernel, datacenter: what most queries by value ask)
/// in its small piece.
constexpr std::size_t kLargeFactFrom = 128;
/// `os`, the structured fact queries ask most by far (os.family, os.release.major, os.name:
/// Puppetboard's inventory, most puppetdb_query calls), is kept in the small piece too while
/// its text is under this: a query on it inflates ~1.3 KB of a node's text, not all of it.
constexpr std::size_t kSmallOsFactUpTo = 1024;

/// Layout 10: a node's fact values (one object) as the store keeps them ({C}:fact-object).
/// Under kDeflateFieldFrom bytes of text, the text itself. Else a first byte 0x02 (no JSON
/// text or zlib stream starts so), the facts dictionary's id (deflate_dictionary_id, 4 bytes
/// big-endian), then two pieces, each a varint LENGTH × 2 + DEFLATED and its bytes: the object
/// of the facts whose value's text is under kLargeFactFrom, then the object of the others,
/// each as nlohmann dumps it (members by name), deflated (deflated_piece) or as it is when
/// that is not smaller: the small piece with the facts' dictionary, the large one with the
/// dictionary followed by the small piece's text, which it repeats (addresses, names). A query
/// by a small fact inflates the small piece only: at 10,000 nodes of the bench fleet ~0.9 KB
/// of a node's 5.4 KB of text. Two streams cost ~40 bytes a node more than one (~80 had the
/// large piece not been given the small one's text).
///
/// Layout 11, given a dictionary learnt from the fleet's facts (learnt_dictionary.hpp): a first
/// byte 0x03, the facts dictionary's id, the learnt dictionary's name (its 24 hex digits as 12
/// bytes), then the same two pieces, each deflated with the learnt dictionary after the facts'
/// (and the large one with the small piece's text after both): ~0.4 KB a node of the bench
/// fleet instead of ~0.9.
std::string stored_fact_object(const nlohmann::json& values,
                               const LearntDictionary* learnt = nullptr);

/// A stored fact-object, read piece by piece: layout 10's pieces, or an earlier layout's whole
/// object (JSON text, deflated or not). Throws StoreError for a value of neither form, and for
/// one naming a learnt dictionary when `learnt` is not given.
class FactObject {
 public:
  explicit FactObject(std::string stored, const LearntDictionaryLookup& learnt = {});

  /// The object's text, its members by name, as nlohmann dumps the values; only the members
  /// whose names `wanted` accepts (given as parsed), when given. `accepted`, when not zero, is
  /// how many names `wanted` accepts at most: once the small piece holds that many, the large
  /// one is not inflated.
  std::string text(const std::function<bool(std::string_view name)>& wanted = {},
                   std::size_t accepted = 0) const;

  /// Calls `each` with the name (as written, in its quotes) and the value's text of each member
  /// whose name `wanted` accepts, in no particular order, nothing copied: the texts last only
  /// while `each` runs. `accepted` as for text.
  void for_each_member(
      const std::function<bool(std::string_view name)>& wanted, std::size_t accepted,
      const std::function<void(std::string_view written, std::string_view value)>& each) const;

  /// The members whose names `wanted` accepts, parsed (the others skipped); `accepted` as for
  /// text.
  nlohmann::json members_where(const std::function<bool(std::string_view name)>& wanted,
                               std::size_t accepted = 0) const;

 private:
  struct Piece {
    std::size_t from = 0, length = 0;
    bool deflated = false;
  };
  /// The small piece's text: its bytes, or inflated into `inflated`.
  std::string_view small_text(std::string& inflated) const;
  /// The large piece's text, inflated (into `inflated`) with the small piece's text `small`.
  std::string_view large_text(std::string_view small, std::string& inflated) const;
  /// The facts' dictionary followed by the learnt one (when the value names one) and `then`.
  std::string_view dictionary_with(std::string_view then) const;

  std::string stored_;
  std::string whole_;  ///< an earlier layout's object, inflated
  bool pieces_ = false;
  std::uint32_t dictionary_ = 0;
  std::shared_ptr<const std::string> learnt_;  ///< layout 11's learnt dictionary
  Piece small_, large_;
};

}  // namespace marionette::puppetdb
