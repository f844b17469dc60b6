#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace marionette::puppetdb {

/// Reading a few parts of a stored JSON text without building the whole of it: a query that
/// needs three fields of a node's document, or one title's tuple of a packed resource group,
/// steps over the rest (no allocation for what it skips). The text is one the store wrote
/// (nlohmann's dump), so it is well-formed; a malformed text throws StoreError.

/// Where the JSON value starting at `at` (after any whitespace) ends.
std::size_t skip_json_value(std::string_view text, std::size_t at);

/// Calls `each` with every top-level member of the object `text`, in order: its name as written
/// (quotes and escapes included) and its value's text.
void for_each_json_member(
    std::string_view text,
    const std::function<void(std::string_view name, std::string_view value)>& each);

/// for_each_json_member until `each` returns false: the members after that one not stepped
/// over.
void for_each_json_member_while(
    std::string_view text,
    const std::function<bool(std::string_view name, std::string_view value)>& each);

/// A member's name as for_each_json_member gives it (quoted, maybe escaped), as a string.
std::string json_name(std::string_view written);
/// That name without its quotes: a view of `written` when it has no escape, else parsed into
/// `unescaped` (so a name written plainly is compared without being made).
std::string_view json_name_view(std::string_view written, std::string& unescaped);

/// The top-level members of the object `text` whose names `wanted` accepts (given as parsed),
/// parsed; the others skipped.
nlohmann::json json_members_where(std::string_view text,
                                  const std::function<bool(std::string_view name)>& wanted);

/// Calls `each` with the text of every element of the array `text`, in order; stops when it
/// returns false.
void for_each_json_element(std::string_view text,
                           const std::function<bool(std::string_view element)>& each);

/// The string as nlohmann dumps it (no ASCII escapes, invalid UTF-8 replaced), appended: a
/// certname of printable ASCII without quote or backslash as it is, between quotes.
void append_json_string(std::string_view text, std::string& out);

}  // namespace marionette::puppetdb
