#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "puppetdb/kept_by_name.hpp"

namespace marionette::puppetdb {

/// How many nodes' facts a server samples before it learns the fleet's facts dictionary.
constexpr std::size_t kLearntSamples = 8;
/// The most a learnt dictionary keeps (its end: what deflate finds nearest), so that with the
/// build's facts dictionary before it and a fact-object's small piece after it, it stays
/// within deflate's 32 KiB window.
constexpr std::size_t kLearntDictionaryBytes = 24 * 1024;

/// A dictionary learnt from the fleet's own facts (layout 11, fact_object.hpp): what the nodes
/// of this fleet have in common, which the build's facts dictionary cannot know (their roles,
/// operating systems, hardware, and the shape of their networking, mountpoints, partitions).
/// At 10,000 nodes of the bench fleet a node's fact-object deflates to ~0.4 KB with it against
/// ~0.9 KB with the build's dictionary alone.
struct LearntDictionary {
  std::string name;  ///< learnt_dictionary_name of its text
  std::shared_ptr<const std::string> text;
};

/// The text learnt from these nodes' fact values: the first's values with every leaf fewer than
/// two of them have (the same JSON value at the same path) blanked, "" for a string and 0 for a
/// number, so it keeps the fleet's fact names and shared values but nothing only one node sent
/// (its addresses, keys, serial numbers); its last kLearntDictionaryBytes.
std::string learnt_dictionary_text(const std::vector<nlohmann::json>& samples);

/// A learnt dictionary's name: the first 24 hex digits (96 bits) of the SHA-256 of its text, so
/// no store can give another text under a name a reader has kept.
std::string learnt_dictionary_name(std::string_view text);

/// The text of the learnt dictionary of that name (a reader's cache, else the store); throws
/// StoreError when there is none.
using LearntDictionaryLookup =
    std::function<std::shared_ptr<const std::string>(const std::string& name)>;

/// A learnt dictionary's name as a stored value keeps it: its 24 hex digits as 12 bytes.
constexpr std::size_t kLearntNameBytes = 12;
std::string learnt_name_bytes(const std::string& name);
std::string learnt_name_of_bytes(std::string_view bytes);

/// A document (a report) deflated with the build's `dictionary` followed by a learnt one: a first
/// byte 0x03 (no JSON text or zlib stream starts so), the build dictionary's id (4 bytes
/// big-endian), the learnt dictionary's name, then the text raw-deflated (deflated_piece); under
/// `deflate_from` bytes, or when that is not smaller, what stored_text makes of it.
std::string stored_with_learnt(const std::string& text, std::size_t deflate_from,
                               std::string_view dictionary, const LearntDictionary& learnt);

/// The JSON text of a stored document: stored_with_learnt's, its learnt dictionary through
/// `lookup`, else json_text's. Throws StoreError as json_text does, and for a value cut short or
/// naming a learnt dictionary `lookup` does not give.
std::string learnt_json_text(const std::string& stored, const LearntDictionaryLookup& lookup);

/// The learnt dictionaries this process has read, by name (a digest of the text): at most
/// kKeptLearntDictionaries of the largest size.
constexpr std::size_t kKeptLearntDictionaries = 64;
KeptByName<std::string>& kept_learnt_dictionaries();

}  // namespace marionette::puppetdb
