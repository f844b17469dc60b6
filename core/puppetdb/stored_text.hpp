#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "http/http_message.hpp"

namespace marionette::puppetdb {

/// The largest document the store keeps: the largest body the server accepts (a command's
/// payload; what is stored of it is no larger, but for the few fields the server adds).
/// stored_text refuses more, so json_text never inflates a stored value past it: a damaged or
/// forged value in the shared store (a deflate bomb) costs the reader no more memory than that.
constexpr std::size_t kLargestDocument = http::HttpLimits{}.max_body + 64 * 1024;

/// Documents from this size are deflated (catalog and facts headers, reports).
constexpr std::size_t kDeflateFrom = 1024;
/// The pieces of a node's facts and catalog kept one per field (each top-level fact's value,
/// each resource type's group) and its edges deflate from this size: at 10,000 nodes of the
/// bench fleet most were under kDeflateFrom, and deflated from here the fact values took 2.6
/// KB a node instead of 4.3 (the values' text, bench/puppetdb_fleet_bench.py's fleet). A
/// reader inflates only the fields it reads.
constexpr std::size_t kDeflateFieldFrom = 128;

/// A document as the store keeps it: deflated (zlib) when it is at least `deflate_from` bytes
/// and deflating makes it smaller, else the JSON text itself. Catalogs, facts and reports are
/// most of what a fleet stores, and their JSON repeats itself (keys, paths, tags), so they
/// shrink several times. Throws QueryError (413) for a text over kLargestDocument.
std::string stored_text(const std::string& json_text, std::size_t deflate_from = kDeflateFrom);

/// stored_text deflated with a preset dictionary (zlib's deflateSetDictionary): the common text
/// of such documents, which a small document cannot find within itself. The stream names its
/// dictionary (zlib's DICTID, the Adler-32 of its bytes), so json_text inflates it with any
/// dictionary this build has; a dictionary's bytes never change once stored with.
std::string stored_text(const std::string& json_text, std::size_t deflate_from,
                        std::string_view dictionary);

/// The dictionary of a node's fact values (one JSON object of every top-level fact; Facter's
/// fact names and common values).
std::string_view facts_dictionary();
/// The dictionary of a catalog's resource groups and edges (Puppet's core types' parameters
/// and values, manifest paths, relationships).
std::string_view catalog_dictionary();
/// The dictionary of a node's own documents (its node document, catalog and facts headers)
/// and its reports: their field names and common values.
std::string_view documents_dictionary();

/// The JSON text of a stored value: inflated when it starts with zlib's header byte (0x78,
/// which no JSON text starts with; with the dictionary its stream names), else as it is. Throws
/// StoreError for a damaged stream, one naming a dictionary this build does not have, or one that
/// inflates past `largest` (kLargestDocument).
std::string json_text(const std::string& stored, std::size_t largest = kLargestDocument);

/// json_text inflated only as far as its reader needs: a node's catalog body (layout 6,
/// packed_resources.hpp) is one stream of every resource group and the edges, and a query by
/// type stops inflating at the end of that type's group. Throws as json_text does, when the
/// part asked for is inflated.
class PartialText {
 public:
  explicit PartialText(std::string stored, std::size_t largest = kLargestDocument);
  ~PartialText();
  PartialText(const PartialText&) = delete;
  PartialText& operator=(const PartialText&) = delete;
  /// The text inflated so far: at least its first `size` bytes, or all of it when shorter.
  const std::string& upto(std::size_t size);
  const std::string& whole() { return upto(std::string::npos); }

 private:
  struct Inflate;
  std::string stored_;
  std::string text_;
  std::size_t largest_;
  bool done_ = false;
  /// The thread's inflate state while no other PartialText of the thread holds it, else one of
  /// its own.
  Inflate* inflate_ = nullptr;
  std::unique_ptr<Inflate> own_;
};

}  // namespace marionette::puppetdb
