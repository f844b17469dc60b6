#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "metrics/snapshot.hpp"
#include "subagent/oid.hpp"
#include "subagent/scalar_index.hpp"
#include "subagent/value.hpp"

namespace marionette::subagent {

/// One column of MARIONETTE-MIB's mrnTypeTable (one row per resource type of the last run).
struct TypeColumn {
  std::uint32_t column;  ///< sub-identifier under mrnTypeEntry
  Syntax syntax;
  std::string_view name;
  Value (*get)(const metrics::TypeFigures& row);
};

/// mrnTypeTable's suffix under the root, and its entry's.
inline const Oid kTypeTableSuffix = {1, 5};
inline const Oid kTypeEntrySuffix = {1, 5, 1};

/// The readable columns, by column number (column 1, mrnTypeName, is the not-accessible index).
std::span<const TypeColumn> type_columns();

/// The row index of a type name: its length, then one sub-identifier per byte (an OCTET STRING
/// index, not IMPLIED).
Oid type_row_index(std::string_view type);

/// Every cell of the table for one snapshot, sorted by OID, answering GET and GETNEXT.
/// Built on the SNMP thread from a snapshot and reused while the snapshot stays the same.
class TypeTable {
 public:
  struct Cell {
    Oid instance;  ///< root + entry + column + row index
    Value value;
  };

  TypeTable(const Oid& root, const metrics::Snapshot& snapshot);

  /// GET: the cell named exactly; Miss when there is none (noSuchInstance inside a known
  /// column, noSuchObject elsewhere in the table); nullopt when `requested` is outside the table.
  std::optional<std::variant<const Cell*, Miss>> find(const Oid& requested) const;
  /// GETNEXT: the first cell after `requested`; nullptr past the last.
  const Cell* find_next(const Oid& requested) const;

  const std::vector<Cell>& cells() const { return cells_; }

 private:
  Oid table_, entry_;
  std::vector<Cell> cells_;
};

}  // namespace marionette::subagent
