#include "subagent/type_table.hpp"

#include <algorithm>

namespace marionette::subagent {
namespace {

using metrics::TypeFigures;

template <auto Field>
Value gauge(const TypeFigures& row) {
  return Gauge32{row.*Field};
}

Value label(const TypeFigures& row) {
  return OctetString{row.type};
}

const TypeColumn kColumns[] = {
    {2, Syntax::octet_string, "mrnTypeLabel", label},
    {3, Syntax::gauge32, "mrnTypeResources", gauge<&TypeFigures::resources>},
    {4, Syntax::gauge32, "mrnTypeChanged", gauge<&TypeFigures::changed>},
    {5, Syntax::gauge32, "mrnTypeFailed", gauge<&TypeFigures::failed>},
    {6, Syntax::gauge32, "mrnTypeOutOfSync", gauge<&TypeFigures::out_of_sync>},
    {7, Syntax::gauge32, "mrnTypeApplyTime", gauge<&TypeFigures::apply_ms>},
};

/// The MIB limits type names to 1..64 bytes; longer ones (Puppet has none) are left out.
constexpr std::size_t kMaxTypeName = 64;

}  // namespace

std::span<const TypeColumn> type_columns() {
  return kColumns;
}

Oid type_row_index(std::string_view type) {
  Oid index = {static_cast<std::uint32_t>(type.size())};
  for (char c : type) index.push_back(static_cast<unsigned char>(c));
  return index;
}

TypeTable::TypeTable(const Oid& root, const metrics::Snapshot& snapshot)
    : table_(join(root, kTypeTableSuffix)), entry_(join(root, kTypeEntrySuffix)) {
  for (const TypeColumn& column : kColumns) {
    for (const TypeFigures& row : snapshot.types) {
      if (row.type.empty() || row.type.size() > kMaxTypeName) continue;
      Oid instance = entry_;
      instance.push_back(column.column);
      const Oid index = type_row_index(row.type);
      instance.insert(instance.end(), index.begin(), index.end());
      cells_.push_back({std::move(instance), column.get(row)});
    }
  }
  std::ranges::sort(cells_, {}, &Cell::instance);
}

std::optional<std::variant<const TypeTable::Cell*, Miss>> TypeTable::find(
    const Oid& requested) const {
  if (!starts_with(requested, table_)) return std::nullopt;
  auto at = std::ranges::lower_bound(cells_, requested, {}, &Cell::instance);
  if (at != cells_.end() && at->instance == requested) return &*at;
  for (const TypeColumn& column : kColumns) {
    Oid column_oid = entry_;
    column_oid.push_back(column.column);
    if (starts_with(requested, column_oid) && requested.size() > column_oid.size()) {
      return Miss::no_such_instance;
    }
  }
  return Miss::no_such_object;
}

const TypeTable::Cell* TypeTable::find_next(const Oid& requested) const {
  auto next = std::ranges::upper_bound(cells_, requested, {}, &Cell::instance);
  return next == cells_.end() ? nullptr : &*next;
}

}  // namespace marionette::subagent
