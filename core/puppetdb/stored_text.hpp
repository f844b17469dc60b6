#pragma once

#include <string>

namespace marionette::puppetdb {

/// A document as the store keeps it: deflated (zlib) when it is large enough for that to pay,
/// else the JSON text itself. Catalogs, facts and reports are most of what a fleet stores, and
/// their JSON repeats itself (keys, paths, tags), so they shrink several times.
std::string stored_text(const std::string& json_text);

/// The JSON text of a stored value: inflated when it starts with zlib's header byte (0x78,
/// which no JSON text starts with), else as it is. Throws StoreError for a damaged stream.
std::string json_text(const std::string& stored);

}  // namespace marionette::puppetdb
