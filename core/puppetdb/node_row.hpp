#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace marionette::puppetdb {

/// A node's row as /nodes answers it (node_answer_text), as the store keeps it (KeyLayout::
/// node_rows; packed since layout 7): each field a byte naming it and its kind, then its value
/// packed (a time as milliseconds from the previous one, the report hash as 20 bytes, a text equal
/// to an earlier field's as that field's number, other strings as they are written), ~120 bytes for
/// the ~570 of the text. Written out as text without zlib, so that the query for every node
/// stays a copy of kept rows. The row's own text when packing it would not give back the same
/// bytes (a time in another form, a field this build does not know, an object).
std::string packed_node_row(const std::string& text);

/// The row's JSON text, of a packed row or of the text an earlier layout kept. Throws
/// StoreError for a packed row that is damaged.
std::string node_row_text(std::string stored);
/// node_row_text appended to `out` (no row made apart).
void append_node_row_text(std::string_view stored, std::string& out);
/// The text of one field's value in the row (a packed row written out only up to it); nullopt
/// when the row has no such field. Throws StoreError as node_row_text does.
std::optional<std::string> node_row_field(std::string_view stored, std::string_view name);

}  // namespace marionette::puppetdb
