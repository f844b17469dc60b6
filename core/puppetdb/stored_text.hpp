#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
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

/// A piece of a stored value deflated alone with a preset dictionary (raw deflate: no zlib
/// header or check, the dictionary named by the value that holds the piece), so that a reader
/// inflates it without the pieces around it: a catalog body's groups (packed_resources.hpp).
/// nullopt when deflating does not make it smaller.
std::optional<std::string> deflated_piece(std::string_view text, std::string_view dictionary);
/// The text of a piece deflated_piece made with the dictionary of this id (deflate_dictionary_id).
/// Throws StoreError for a damaged piece, a dictionary this build does not have, or a text past
/// `largest`.
std::string inflated_piece(std::string_view piece, std::uint32_t dictionary,
                           std::size_t largest = kLargestDocument);
/// The same written into `text` (emptied first, its capacity kept: a reader inflating many
/// pieces into one buffer allocates once).
void inflate_piece_into(std::string_view piece, std::uint32_t dictionary, std::string& text,
                        std::size_t largest = kLargestDocument);
/// The same with these dictionary bytes (a piece deflated with more than a named dictionary:
/// fact_object.hpp's large piece).
void inflate_piece_into(std::string_view piece, std::string_view dictionary, std::string& text,
                        std::size_t largest = kLargestDocument);
/// The dictionary this build has of that id; throws StoreError for one it does not have.
std::string_view deflate_dictionary_of(std::uint32_t id);
/// A dictionary's id: the Adler-32 of its bytes (as zlib's DICTID).
std::uint32_t deflate_dictionary_id(std::string_view dictionary);

}  // namespace marionette::puppetdb
