#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"

namespace marionette::catalog {

/// Writes JSON straight into one string, byte for byte as `Data::dump()` writes the same values
/// (same escaping, same number format), without building a JSON tree first. Strings of plain
/// ASCII are copied as they are; the rest go through nlohmann's own serializer.
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out);
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void raw(std::string_view text) { out_ += text; }
  void raw(char c) { out_ += c; }
  void string(std::string_view text);
  void strings(const std::vector<std::string>& list);
  void integer(std::int64_t number);
  /// A float as nlohmann prints it (`1.5`, `3.0`, `1e+20`; `null` when not finite).
  void floating(double number);
  void value(const Data& data);

 private:
  struct Serializer;
  Serializer& serializer();

  std::string& out_;
  Serializer* serializer_ = nullptr;  ///< made when a value needs it
};

}  // namespace marionette::catalog
