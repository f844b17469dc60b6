#include "catalog/json_writer.hpp"

#include <algorithm>
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

JsonWriter::JsonWriter(std::string& out)
    : out_(out), at_(out.data() + out.size()), end_(out.data() + out.size()) {}

JsonWriter::~JsonWriter() {
  finish();
  delete serializer_;
}

void JsonWriter::finish() {
  out_.resize(static_cast<std::size_t>(at_ - out_.data()));
  at_ = end_ = out_.data() + out_.size();
}

void JsonWriter::grow(std::size_t bytes) {
  std::size_t used = static_cast<std::size_t>(at_ - out_.data());
  // 64 KiB at a time within what the caller reserved, doubling beyond: resize() writes zeros
  // once over each new part, and the cursor then writes without further checks.
  std::size_t size = used + std::max<std::size_t>(bytes, 64 << 10);
  if (size > out_.capacity()) size = std::max(size, 2 * out_.capacity());
  out_.resize(size);
  at_ = out_.data() + used;
  end_ = out_.data() + out_.size();
}

JsonWriter::Serializer& JsonWriter::serializer() {
  if (!serializer_) serializer_ = new Serializer(scratch_);
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

/// ASCII text as nlohmann's serializer escapes it, written at `to`: the short escapes JSON has,
/// \\u00XX for the other control characters; the runs between them copied whole. Returns the end.
char* write_escaped_ascii(char* to, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::size_t run = 0;  // start of the characters not yet copied
  for (std::size_t at = 0; at < text.size(); ++at) {
    char c = text[at];
    char escape = 0;
    switch (c) {
      case '"':
        escape = '"';
        break;
      case '\\':
        escape = '\\';
        break;
      case '\b':
        escape = 'b';
        break;
      case '\f':
        escape = 'f';
        break;
      case '\n':
        escape = 'n';
        break;
      case '\r':
        escape = 'r';
        break;
      case '\t':
        escape = 't';
        break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20) continue;
    }
    std::memcpy(to, text.data() + run, at - run);
    to += at - run;
    run = at + 1;
    *to++ = '\\';
    if (escape) {
      *to++ = escape;
    } else {
      const char unicode[] = {'u', '0', '0', kHex[(c >> 4) & 0xF], kHex[c & 0xF]};
      std::memcpy(to, unicode, sizeof unicode);
      to += sizeof unicode;
    }
  }
  std::memcpy(to, text.data() + run, text.size() - run);
  return to + (text.size() - run);
}

}  // namespace

void JsonWriter::string(std::string_view text) {
  if (is_plain(text)) {
    reserve(text.size() + 2);
    *at_++ = '"';
    std::memcpy(at_, text.data(), text.size());
    at_ += text.size();
    *at_++ = '"';
  } else if (is_ascii(text)) {
    reserve(6 * text.size() + 2);  // \u00XX at worst
    *at_++ = '"';
    at_ = write_escaped_ascii(at_, text);
    *at_++ = '"';
  } else {
    value(Data(text));  // UTF-8: checked, invalid sequences replaced, as nlohmann does
  }
}

void JsonWriter::strings(const std::vector<std::string>& list) {
  raw('[');
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) raw(',');
    string(list[i]);
  }
  raw(']');
}

void JsonWriter::integer(std::int64_t number) {
  reserve(24);
  at_ = std::to_chars(at_, at_ + 24, number).ptr;
}

void JsonWriter::floating(double number) {
  value(Data(number));
}

void JsonWriter::value(const Data& data) {
  scratch_.clear();
  serializer().dump.dump(data, false, false, 0);
  raw(scratch_);
}

}  // namespace marionette::catalog
