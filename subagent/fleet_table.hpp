#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <variant>

#include "metrics/fleet_snapshot.hpp"
#include "subagent/mib_objects.hpp"
#include "subagent/oid.hpp"
#include "subagent/scalar_index.hpp"
#include "subagent/value.hpp"

namespace marionette::subagent {

/// One column of MARIONETTE-MIB's mrnNodeTable (one row per node of the fleet).
struct FleetColumn {
  std::uint32_t column;  ///< sub-identifier under mrnNodeEntry
  Syntax syntax;
  std::string_view name;
  Value (*get)(const metrics::FleetNode& row, std::int64_t now_s);
};

/// mrnNodeTable's suffix under the root (inside mrnServer), and its entry's.
inline const Oid kFleetTableSuffix = {1, 9, 6};
inline const Oid kFleetEntrySuffix = {1, 9, 6, 1};
/// The MIB's size of mrnNodeCertname: longer certnames (an OID has at most 128 arcs) are left
/// out of the table.
inline constexpr std::size_t kMaxCertname = 100;

/// The readable columns, by column number (column 1, mrnNodeCertname, is the index).
std::span<const FleetColumn> fleet_columns();

/// mrnNodeTable answered straight from a fleet snapshot, without building cells: rows are
/// the snapshot's nodes, already in SNMP index order (metrics::snmp_index_less), so GET is a
/// binary search for the certname and GETNEXT one per column: O(log n) per request however
/// large the fleet. No Net-SNMP here.
class FleetTable {
 public:
  struct Cell {
    Oid instance;  ///< root + entry + column + row index
    Value value;
  };

  explicit FleetTable(const Oid& root);

  /// GET: the cell named exactly; Miss when there is none (noSuchInstance inside a known
  /// column, noSuchObject elsewhere in the table); nullopt when `requested` is outside the
  /// table or there is no fleet (`fleet` null: an agent).
  std::optional<std::variant<Cell, Miss>> find(const Oid& requested,
                                               const metrics::FleetSnapshot* fleet,
                                               std::int64_t now_s) const;
  /// GETNEXT: the first cell after `requested`; nullopt past the last (or no fleet).
  std::optional<Cell> find_next(const Oid& requested, const metrics::FleetSnapshot* fleet,
                                std::int64_t now_s) const;

 private:
  Cell cell(const FleetColumn& column, const metrics::FleetNode& row, std::int64_t now_s) const;

  Oid table_, entry_;
};

}  // namespace marionette::subagent
