#include "puppetdb/learnt_dictionary.hpp"

#include <utility>

#include "digest/digest.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/stored_text.hpp"
#include "text/hex_digit.hpp"

namespace marionette::puppetdb {

namespace {

using Json = nlohmann::json;

/// Each leaf of `value` as its path (names and indexes, each ended by a byte no JSON text has)
/// and its JSON text.
void collect_leaves(const Json& value, std::string& path,
                    std::map<std::string, std::size_t>& counts) {
  if (value.is_structured()) {
    const std::size_t length = path.size();
    std::size_t index = 0;
    for (auto it = value.begin(); it != value.end(); ++it, ++index) {
      path += value.is_object() ? it.key() : std::to_string(index);
      path += '\x01';
      collect_leaves(*it, path, counts);
      path.resize(length);
    }
    return;
  }
  ++counts[path + '\x02' + value.dump()];
}

/// `value` with the leaves fewer than two samples have blanked.
Json blanked(const Json& value, std::string& path,
             const std::map<std::string, std::size_t>& counts) {
  if (value.is_structured()) {
    Json out = value.is_object() ? Json::object() : Json::array();
    const std::size_t length = path.size();
    std::size_t index = 0;
    for (auto it = value.begin(); it != value.end(); ++it, ++index) {
      path += value.is_object() ? it.key() : std::to_string(index);
      path += '\x01';
      Json leaf = blanked(*it, path, counts);
      if (value.is_object())
        out[it.key()] = std::move(leaf);
      else
        out.push_back(std::move(leaf));
      path.resize(length);
    }
    return out;
  }
  auto found = counts.find(path + '\x02' + value.dump());
  if (found != counts.end() && found->second >= 2) return value;
  if (value.is_string()) return "";
  if (value.is_number()) return 0;
  return value;  // true, false, null: nothing of one node's own
}

}  // namespace

std::string learnt_dictionary_text(const std::vector<Json>& samples) {
  if (samples.empty()) return {};
  std::map<std::string, std::size_t> counts;
  std::string path;
  for (const Json& sample : samples) collect_leaves(sample, path, counts);
  std::string text = blanked(samples.front(), path, counts).dump();
  if (text.size() > kLearntDictionaryBytes) text.erase(0, text.size() - kLearntDictionaryBytes);
  return text;
}

std::string learnt_dictionary_name(std::string_view text) {
  return digest::hex(digest::Algorithm::sha256, text).substr(0, 24);
}

std::string learnt_name_bytes(const std::string& name) {
  if (name.size() != kLearntNameBytes * 2 ||
      name.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw StoreError("a learnt dictionary's name is not 24 hex digits: " + name);
  std::string bytes;
  for (std::size_t i = 0; i < name.size(); i += 2)
    bytes +=
        static_cast<char>(text::hex_digit_value(name[i]) * 16 + text::hex_digit_value(name[i + 1]));
  return bytes;
}

std::string learnt_name_of_bytes(std::string_view bytes) {
  return digest::to_hex(bytes);
}

namespace {

constexpr unsigned char kLearntMark = 0x03;
constexpr std::size_t kLearntHeader = 1 + 4 + kLearntNameBytes;

}  // namespace

std::string stored_with_learnt(const std::string& text, std::size_t deflate_from,
                               std::string_view dictionary, const LearntDictionary& learnt) {
  if (text.size() < deflate_from || text.size() > kLargestDocument)
    return stored_text(text, deflate_from, dictionary);
  std::string both(dictionary);
  both += *learnt.text;
  const std::optional<std::string> deflated = deflated_piece(text, both);
  if (!deflated || deflated->size() + kLearntHeader >= text.size())
    return stored_text(text, deflate_from, dictionary);
  const std::uint32_t id = deflate_dictionary_id(dictionary);
  std::string stored(1, static_cast<char>(kLearntMark));
  for (int shift = 24; shift >= 0; shift -= 8) stored += static_cast<char>((id >> shift) & 0xff);
  stored += learnt_name_bytes(learnt.name);
  stored += *deflated;
  return stored;
}

std::string learnt_json_text(const std::string& stored, const LearntDictionaryLookup& lookup) {
  if (stored.empty() || static_cast<unsigned char>(stored[0]) != kLearntMark)
    return json_text(stored);
  if (stored.size() < kLearntHeader) throw StoreError("a stored document is cut short");
  std::uint32_t id = 0;
  for (std::size_t i = 1; i < 5; ++i) id = (id << 8) | static_cast<unsigned char>(stored[i]);
  const std::string name =
      learnt_name_of_bytes(std::string_view(stored).substr(5, kLearntNameBytes));
  const std::shared_ptr<const std::string> learnt = lookup ? lookup(name) : nullptr;
  if (!learnt) throw StoreError("a stored document names the learnt dictionary " + name);
  std::string both(deflate_dictionary_of(id));
  both += *learnt;
  std::string text;
  inflate_piece_into(std::string_view(stored).substr(kLearntHeader), both, text);
  return text;
}

KeptByName<std::string>& kept_learnt_dictionaries() {
  static KeptByName<std::string> kept(kKeptLearntDictionaries * kLearntDictionaryBytes,
                                      [](const std::string& text) { return text.size(); });
  return kept;
}

}  // namespace marionette::puppetdb
