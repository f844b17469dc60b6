#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"

namespace marionette::catalog {

/// Writes JSON straight into one string, byte for byte as `Data::dump()` writes the same values
/// (same escaping, same number format), without building a JSON tree first. Strings of plain
/// ASCII are copied as they are; the rest go through nlohmann's own serializer.
///
/// The string is complete once the writer is destroyed (or finish() is called): meanwhile it
/// is grown ahead in large steps and written through a cursor, without std::string's checks on
/// every character.
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out);
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void raw(std::string_view text) {
    reserve(text.size());
    std::memcpy(at_, text.data(), text.size());
    at_ += text.size();
  }
  void raw(char c) {
    reserve(1);
    *at_++ = c;
  }
  void string(std::string_view text);
  /// One string made of the parts, without joining them first when none needs escaping.
  void string_of(std::initializer_list<std::string_view> parts);
  void strings(const std::vector<std::string>& list);
  void integer(std::int64_t number);
  /// A float as nlohmann prints it (`1.5`, `3.0`, `1e+20`; `null` when not finite).
  void floating(double number);
  void value(const Data& data);
  /// Cuts the string to what was written (the destructor does it too).
  void finish();
  /// How many characters are written so far, and those written since such a count: to keep a
  /// piece of the output and copy it again later with raw().
  std::size_t written() const { return static_cast<std::size_t>(at_ - out_.data()); }
  std::string_view written_since(std::size_t count) const {
    return {out_.data() + count, static_cast<std::size_t>(at_ - out_.data()) - count};
  }

 private:
  struct Serializer;
  Serializer& serializer();
  /// Room for `bytes` more at the cursor.
  void reserve(std::size_t bytes) {
    if (static_cast<std::size_t>(end_ - at_) < bytes) grow(bytes);
  }
  void grow(std::size_t bytes);
  std::string& out_;
  std::string scratch_;  ///< what nlohmann's serializer writes, then copied at the cursor
  char* at_ = nullptr;   ///< the cursor, in out_'s characters
  char* end_ = nullptr;  ///< the end of out_'s characters
  Serializer* serializer_ = nullptr;  ///< made when a value needs it
};

}  // namespace marionette::catalog
