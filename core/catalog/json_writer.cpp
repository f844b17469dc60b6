#include "catalog/json_writer.hpp"

#include <charconv>
#include <cstdint>
#include <cstring>

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

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

/// Whether any byte of the word is zero (exact: a borrow only marks bytes above a zero byte).
constexpr bool has_zero_byte(std::uint64_t word) {
  return ((word - kOnes) & ~word & kHighBits) != 0;
}

/// Printable ASCII other than `"` and `\`: what JSON writes without an escape. Eight bytes at a
/// time: catalogs are mostly such strings, and this check runs on every one of them.
bool is_plain(std::string_view text) {
  const char* at = text.data();
  std::size_t left = text.size();
  for (; left >= 8; at += 8, left -= 8) {
    std::uint64_t word;
    std::memcpy(&word, at, 8);
    bool control = ((word - 0x20 * kOnes) & ~word & kHighBits) != 0;  // a byte below 0x20
    if (control || (word & kHighBits) || has_zero_byte(word ^ ('"' * kOnes)) ||
        has_zero_byte(word ^ ('\\' * kOnes)))
      return false;
  }
  for (; left > 0; ++at, --left) {
    unsigned char c = static_cast<unsigned char>(*at);
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
  }
  return true;
}

bool is_ascii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

/// ASCII text as nlohmann's serializer escapes it: the short escapes JSON has, \\u00XX for the
/// other control characters; the runs between them appended whole.
void append_escaped_ascii(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::size_t run = 0;  // start of the characters not yet appended
  for (std::size_t at = 0; at < text.size(); ++at) {
    char c = text[at];
    const char* escape = nullptr;
    switch (c) {
      case '"':
        escape = "\\\"";
        break;
      case '\\':
        escape = "\\\\";
        break;
      case '\b':
        escape = "\\b";
        break;
      case '\f':
        escape = "\\f";
        break;
      case '\n':
        escape = "\\n";
        break;
      case '\r':
        escape = "\\r";
        break;
      case '\t':
        escape = "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20) continue;
    }
    out.append(text.data() + run, at - run);
    run = at + 1;
    if (escape) {
      out.append(escape);
    } else {
      char unicode[] = {'\\', 'u', '0', '0', kHex[(c >> 4) & 0xF], kHex[c & 0xF]};
      out.append(unicode, sizeof unicode);
    }
  }
  out.append(text.data() + run, text.size() - run);
}

}  // namespace

void JsonWriter::string(std::string_view text) {
  if (is_plain(text)) {
    out_ += '"';
    out_ += text;
    out_ += '"';
  } else if (is_ascii(text)) {
    out_ += '"';
    append_escaped_ascii(out_, text);
    out_ += '"';
  } else {
    value(Data(text));  // UTF-8: checked, invalid sequences replaced, as nlohmann does
  }
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
