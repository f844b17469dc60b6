#include "subagent/fleet_table.hpp"

#include <algorithm>
#include <limits>

namespace marionette::subagent {
namespace {

using metrics::FleetNode;

std::uint32_t clamp_u32(std::int64_t value) {
  if (value <= 0) return 0;
  return static_cast<std::uint32_t>(
      std::min<std::int64_t>(value, std::numeric_limits<std::uint32_t>::max()));
}

template <auto Field>
Value row_gauge(const FleetNode& row, std::int64_t) {
  return Gauge32{row.*Field};
}

template <auto Field>
Value row_text(const FleetNode& row, std::int64_t) {
  return OctetString{row.*Field};
}

template <auto Field>
Value row_truth(const FleetNode& row, std::int64_t) {
  return Integer32{row.*Field ? 1 : 2};
}

Value row_last_report(const FleetNode& row, std::int64_t) {
  return Gauge32{clamp_u32(row.last_report_at)};
}

Value row_report_age(const FleetNode& row, std::int64_t now_s) {
  return Gauge32{row.last_report_at == 0 ? 0 : clamp_u32(now_s - row.last_report_at)};
}

Value row_status(const FleetNode& row, std::int64_t) {
  return Integer32{static_cast<std::int32_t>(row.status)};
}

const FleetColumn kFleetColumns[] = {
    {2, Syntax::octet_string, "mrnNodeName", row_text<&FleetNode::certname>},
    {3, Syntax::octet_string, "mrnNodeEnvironment", row_text<&FleetNode::environment>},
    {4, Syntax::gauge32, "mrnNodeLastReport", row_last_report},
    {5, Syntax::gauge32, "mrnNodeReportAge", row_report_age},
    {6, Syntax::integer32, "mrnNodeStatus", row_status},
    {7, Syntax::gauge32, "mrnNodeResources", row_gauge<&FleetNode::resources_total>},
    {8, Syntax::gauge32, "mrnNodeChanged", row_gauge<&FleetNode::resources_changed>},
    {9, Syntax::gauge32, "mrnNodeFailed", row_gauge<&FleetNode::resources_failed>},
    {10, Syntax::gauge32, "mrnNodeOutOfSync", row_gauge<&FleetNode::resources_out_of_sync>},
    {11, Syntax::gauge32, "mrnNodeEvents", row_gauge<&FleetNode::events>},
    {12, Syntax::octet_string, "mrnNodeCatalogVer", row_text<&FleetNode::catalog_version>},
    {13, Syntax::gauge32, "mrnNodeCompileTime", row_gauge<&FleetNode::compile_ms>},
    {14, Syntax::gauge32, "mrnNodeRunTime", row_gauge<&FleetNode::run_ms>},
    {15, Syntax::integer32, "mrnNodeNoop", row_truth<&FleetNode::noop>},
    {16, Syntax::integer32, "mrnNodeStale", row_truth<&FleetNode::stale>},
};

/// Compares the row index `index` (arcs: length, then one per byte) with a certname's, as
/// OIDs compare: <0, 0 or >0. No allocation: GETNEXT runs it log n times per request.
int compare_index(std::span<const std::uint32_t> index, std::string_view name) {
  for (std::size_t i = 0;; ++i) {
    const bool index_done = i == index.size();
    const bool name_done = i == name.size() + 1;
    if (index_done || name_done) return index_done == name_done ? 0 : index_done ? -1 : 1;
    const std::uint32_t theirs =
        i == 0 ? static_cast<std::uint32_t>(name.size()) : static_cast<unsigned char>(name[i - 1]);
    if (index[i] != theirs) return index[i] < theirs ? -1 : 1;
  }
}

/// The certname a full row index names, or nullopt (wrong length, arcs beyond a byte).
std::optional<std::string> certname_of(std::span<const std::uint32_t> index) {
  if (index.empty() || index[0] != index.size() - 1) return std::nullopt;
  std::string name;
  for (std::size_t i = 1; i < index.size(); ++i) {
    if (index[i] > 255) return std::nullopt;
    name.push_back(static_cast<char>(index[i]));
  }
  return name;
}

bool servable(const FleetNode& row) {
  return !row.certname.empty() && row.certname.size() <= kMaxCertname;
}

}  // namespace

std::span<const FleetColumn> fleet_columns() {
  return kFleetColumns;
}

FleetTable::FleetTable(const Oid& root)
    : table_(join(root, kFleetTableSuffix)), entry_(join(root, kFleetEntrySuffix)) {}

FleetTable::Cell FleetTable::cell(const FleetColumn& column, const FleetNode& row,
                                  std::int64_t now_s) const {
  Oid instance;
  instance.reserve(entry_.size() + 2 + row.certname.size());
  instance = entry_;
  instance.push_back(column.column);
  instance.push_back(static_cast<std::uint32_t>(row.certname.size()));
  for (char c : row.certname) instance.push_back(static_cast<unsigned char>(c));
  return {std::move(instance), column.get(row, now_s)};
}

std::optional<std::variant<FleetTable::Cell, Miss>> FleetTable::find(
    const Oid& requested, const metrics::FleetSnapshot* fleet, std::int64_t now_s) const {
  if (!fleet || !starts_with(requested, table_)) return std::nullopt;
  if (requested.size() <= entry_.size() + 1 || !starts_with(requested, entry_))
    return Miss::no_such_object;
  const std::uint32_t number = requested[entry_.size()];
  auto column = std::ranges::find(kFleetColumns, number, &FleetColumn::column);
  if (column == std::end(kFleetColumns)) return Miss::no_such_object;
  std::optional<std::string> name = certname_of(std::span(requested).subspan(entry_.size() + 1));
  if (!name) return Miss::no_such_instance;
  const FleetNode* row = fleet->find(*name);
  if (!row || !servable(*row)) return Miss::no_such_instance;
  return cell(*column, *row, now_s);
}

std::optional<FleetTable::Cell> FleetTable::find_next(const Oid& requested,
                                                      const metrics::FleetSnapshot* fleet,
                                                      std::int64_t now_s) const {
  if (!fleet || fleet->nodes.empty()) return std::nullopt;
  const auto& rows = fleet->nodes;
  // Where to start: a column, and the row index after which to look in it (empty: its first).
  std::size_t first_column = 0;
  std::span<const std::uint32_t> after;
  bool after_given = false;
  if (starts_with(requested, entry_) && requested.size() > entry_.size()) {
    const std::uint32_t number = requested[entry_.size()];
    while (first_column < std::size(kFleetColumns) && kFleetColumns[first_column].column < number)
      ++first_column;
    if (first_column < std::size(kFleetColumns) && kFleetColumns[first_column].column == number) {
      after = std::span(requested).subspan(entry_.size() + 1);
      after_given = true;
    }
  } else if (!starts_with(entry_, requested) && !(requested < entry_)) {
    return std::nullopt;  // past the table
  }
  for (std::size_t c = first_column; c < std::size(kFleetColumns); ++c) {
    auto row = rows.begin();
    if (c == first_column && after_given) {
      row = std::upper_bound(rows.begin(), rows.end(), after,
                             [](std::span<const std::uint32_t> index, const FleetNode& node) {
                               return compare_index(index, node.certname) < 0;
                             });
    }
    for (; row != rows.end(); ++row) {
      if (servable(*row)) return cell(kFleetColumns[c], *row, now_s);
    }
  }
  return std::nullopt;
}

}  // namespace marionette::subagent
