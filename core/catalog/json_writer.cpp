#include "catalog/json_writer.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/// Whether one of the word's bytes needs more than a copy: below 0x20, 0x80 or above, `"`, `\`.
constexpr bool needs_escape(std::uint64_t word) {
  bool control = ((word - 0x20 * kOnes) & ~word & kHighBits) != 0;  // a byte below 0x20
  return control || (word & kHighBits) || has_zero_byte(word ^ ('"' * kOnes)) ||
         has_zero_byte(word ^ ('\\' * kOnes));
}

std::uint64_t load8(const char* at) {
  std::uint64_t word;
  std::memcpy(&word, at, 8);
  return word;
}

std::uint32_t load4(const char* at) {
  std::uint32_t word;
  std::memcpy(&word, at, 4);
  return word;
}

/// Printable ASCII other than `"` and `\`: what JSON writes without an escape. Catalogs are
/// mostly such strings and this check runs on every one of them, so it reads 16 bytes at a time
/// (SSE2) and a shorter string as two overlapping words, never byte by byte but below 4 bytes.
bool is_plain(std::string_view text) {
  const char* at = text.data();
  std::size_t size = text.size();
#if defined(__SSE2__)
  if (size >= 16) {
    const __m128i space = _mm_set1_epi8(0x20);
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    auto clean = [&](const char* from) {
      __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from));
      // Signed: bytes of 0x80 and above are negative, so below 0x20 too.
      __m128i bad = _mm_or_si128(
          _mm_cmplt_epi8(bytes, space),
          _mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)));
      return _mm_movemask_epi8(bad) == 0;
    };
    std::size_t offset = 0;
    for (; offset + 16 <= size; offset += 16)
      if (!clean(at + offset)) return false;
    return offset == size || clean(at + size - 16);
  }
#endif
  if (size >= 8) {
    for (std::size_t offset = 0; offset + 8 <= size; offset += 8)
      if (needs_escape(load8(at + offset))) return false;
    return !needs_escape(load8(at + size - 8));
  }
  if (size >= 4) return !needs_escape(load4(at) | (std::uint64_t{load4(at + size - 4)} << 32));
  for (std::size_t i = 0; i < size; ++i) {
    unsigned char c = static_cast<unsigned char>(at[i]);
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
    // Eight characters at a time past those that need nothing (a file's content is mostly
    // such runs between its newlines).
    while (at + 8 <= text.size() && !needs_escape(load8(text.data() + at))) at += 8;
    if (at >= text.size()) break;
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

void JsonWriter::string_of(std::initializer_list<std::string_view> parts) {
  std::size_t size = 0;
  bool plain = true;
  for (std::string_view part : parts) {
    size += part.size();
    plain = plain && is_plain(part);
  }
  if (!plain) {
    std::string joined;
    joined.reserve(size);
    for (std::string_view part : parts) joined.append(part);
    string(joined);
    return;
  }
  reserve(size + 2);
  *at_++ = '"';
  for (std::string_view part : parts) {
    std::memcpy(at_, part.data(), part.size());
    at_ += part.size();
  }
  *at_++ = '"';
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
