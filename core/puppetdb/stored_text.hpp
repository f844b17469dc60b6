#pragma once

#include <cstddef>
#include <string>

#include "http/http_message.hpp"

namespace marionette::puppetdb {

/// The largest document the store keeps: the largest body the server accepts (a command's
/// payload; what is stored of it is no larger, but for the few fields the server adds).
/// stored_text refuses more, so json_text never inflates a stored value past it: a damaged or
/// forged value in the shared store (a deflate bomb) costs the reader no more memory than that.
constexpr std::size_t kLargestDocument = http::HttpLimits{}.max_body + 64 * 1024;

/// A document as the store keeps it: deflated (zlib) when it is large enough for that to pay,
/// else the JSON text itself. Catalogs, facts and reports are most of what a fleet stores, and
/// their JSON repeats itself (keys, paths, tags), so they shrink several times. Throws
/// QueryError (413) for a text over kLargestDocument.
std::string stored_text(const std::string& json_text);

/// The JSON text of a stored value: inflated when it starts with zlib's header byte (0x78,
/// which no JSON text starts with), else as it is. Throws StoreError for a damaged stream or one
/// that inflates past `largest` (kLargestDocument).
std::string json_text(const std::string& stored, std::size_t largest = kLargestDocument);

}  // namespace marionette::puppetdb
