#include "catalog/json_writer.hpp"

#include <charconv>

namespace marionette::catalog {

struct JsonWriter::Serializer {
  explicit Serializer(std::string& out)
      : dump(nlohmann::detail::output_adapter<char, std::string>(out), ' ',
             Data::error_handler_t::replace) {}
  nlohmann::detail::serializer<Data> dump;
};

JsonWriter::JsonWriter(std::string& out) : out_(out) {}

JsonWriter::~JsonWriter() {
  delete serializer_;
}

JsonWriter::Serializer& JsonWriter::serializer() {
  if (!serializer_) serializer_ = new Serializer(out_);
  return *serializer_;
}

namespace {

/// Printable ASCII other than `"` and `\`: what JSON writes without an escape.
bool is_plain(std::string_view text) {
  for (unsigned char c : text)
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
  return true;
}

}  // namespace

void JsonWriter::string(std::string_view text) {
  if (is_plain(text)) {
    out_ += '"';
    out_ += text;
    out_ += '"';
    return;
  }
  value(Data(text));
}

void JsonWriter::strings(const std::vector<std::string>& list) {
  out_ += '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out_ += ',';
    string(list[i]);
  }
  out_ += ']';
}

void JsonWriter::integer(std::int64_t number) {
  char text[24];
  auto [end, error] = std::to_chars(text, text + sizeof text, number);
  out_.append(text, end);
}

void JsonWriter::floating(double number) {
  value(Data(number));
}

void JsonWriter::value(const Data& data) {
  serializer().dump.dump(data, false, false, 0);
}

}  // namespace marionette::catalog
