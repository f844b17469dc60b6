// libFuzzer target for the catalog JSON reader (`apply --catalog`, the agent's cached catalog):
// any input must be read or refused with catalog::CatalogError, never crash, hang or trip a
// sanitizer; a catalog read is written back as JSON.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "catalog/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace marionette::catalog;
  try {
    Catalog read = from_json(std::string_view(reinterpret_cast<const char*>(data), size));
    to_json(read);
  } catch (const CatalogError&) {
  }
  return 0;
}
