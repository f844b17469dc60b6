#include "catalog_summary.hpp"

#include <nlohmann/json.hpp>

namespace marionette::load {

namespace {

/// Reads the top level's keys as the parser goes; everything deeper is only checked.
class Summary : public nlohmann::json_sax<nlohmann::json> {
 public:
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t number) override {
    bool more = value();
    if (at_version()) version_ = number;
    return more;
  }
  bool number_unsigned(number_unsigned_t number) override {
    bool more = value();
    if (at_version() && number <= static_cast<number_unsigned_t>(INT64_MAX))
      version_ = static_cast<std::int64_t>(number);
    return more;
  }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    value();
    if (depth_ == 0) object_ = true;
    ++depth_;
    return true;
  }
  bool key(string_t& name) override {
    if (depth_ == 1) {
      key_ = name == "version" ? Key::version : Key::other;
      if (name == "resources") resources_ = true;
    }
    return true;
  }
  bool end_object() override {
    --depth_;
    return true;
  }
  bool start_array(std::size_t) override {
    value();
    ++depth_;
    return true;
  }
  bool end_array() override {
    --depth_;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

  bool catalog() const { return object_ && resources_; }
  std::int64_t version() const { return version_; }

 private:
  enum class Key { other, version };
  bool at_version() const { return depth_ == 1 && key_ == Key::version; }
  /// A value at the top level's `version` that is no integer makes the version 0 (a later
  /// `version` key replaces an earlier one, as in a parsed document).
  bool value() {
    if (at_version()) version_ = 0;
    return true;
  }

  int depth_ = 0;
  bool object_ = false;
  bool resources_ = false;
  Key key_ = Key::other;
  std::int64_t version_ = 0;
};

}  // namespace

std::optional<std::int64_t> catalog_version(std::string_view body) {
  Summary summary;
  if (!nlohmann::json::sax_parse(body, &summary) || !summary.catalog()) return std::nullopt;
  return summary.version();
}

}  // namespace marionette::load
