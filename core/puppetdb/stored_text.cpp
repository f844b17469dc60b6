#include "puppetdb/stored_text.hpp"

#include <zlib.h>

#include <cstdint>
#include <optional>
#include <string_view>

#include "puppetdb/query_error.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb {

namespace {

constexpr unsigned char kZlibHeader = 0x78;

void refuse_past_kept(std::size_t size) {
  if (size > kLargestDocument)
    throw QueryError(413, "The document is larger than the " + std::to_string(kLargestDocument) +
                              " bytes the store keeps");
}

/// One deflate state a thread per format, reset between values (its hash chains and window are
/// ~256 KiB, too much to allocate for each node's facts): zlib's wrapper (window_bits 15) for
/// stored_text, raw deflate (-15) for a catalog body's pieces.
class Deflater {
 public:
  explicit Deflater(int window_bits) {
    ready_ = deflateInit2(&stream_, Z_DEFAULT_COMPRESSION, Z_DEFLATED, window_bits, 8,
                          Z_DEFAULT_STRATEGY) == Z_OK;
  }
  ~Deflater() {
    if (ready_) deflateEnd(&stream_);
  }
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;

  /// `text` deflated with the preset `dictionary`; nullopt when that is not smaller.
  std::optional<std::string> deflated(std::string_view text, std::string_view dictionary) {
    if (!ready_ || deflateReset(&stream_) != Z_OK ||
        deflateSetDictionary(&stream_, reinterpret_cast<const Bytef*>(dictionary.data()),
                             static_cast<uInt>(dictionary.size())) != Z_OK)
      throw StoreError("zlib: cannot deflate");
    std::string deflated(deflateBound(&stream_, static_cast<uLong>(text.size())), '\0');
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    stream_.avail_in = static_cast<uInt>(text.size());
    stream_.next_out = reinterpret_cast<Bytef*>(deflated.data());
    stream_.avail_out = static_cast<uInt>(deflated.size());
    if (deflate(&stream_, Z_FINISH) != Z_STREAM_END || stream_.total_out >= text.size())
      return std::nullopt;
    deflated.resize(stream_.total_out);
    return deflated;
  }

 private:
  z_stream stream_{};
  bool ready_ = false;
};

/// One raw inflate state a thread, reset between values: a node's fact values and resource
/// groups are small and many (a query by tag inflates thousands), and inflateInit's state and
/// its 32 KiB window, allocated afresh for each, cost more than inflating one. Raw for both
/// json_text (which reads zlib's wrapper itself: zlib's own reading of a stream with a preset
/// dictionary sums the whole dictionary, Adler-32, each time to check it against the stream's
/// DICTID, a fifth of inflating a small resource group) and a catalog body's pieces.
class Inflater {
 public:
  Inflater() { ready_ = inflateInit2(&stream_, -MAX_WBITS) == Z_OK; }
  ~Inflater() {
    if (ready_) inflateEnd(&stream_);
  }
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  /// The raw deflate data at the start of `data` inflated with `dictionary` (none when empty);
  /// nullopt when it does not end as a whole deflate stream. `after` is set to the bytes of
  /// `data` past the stream's end. Throws StoreError for a text past `largest`.
  std::optional<std::string> inflated(std::string_view data, std::string_view dictionary,
                                      std::size_t largest, std::size_t& after) {
    std::string text;
    if (!inflate_into(data, dictionary, largest, after, text)) return std::nullopt;
    return text;
  }

  /// The same into `text` (emptied first, its capacity kept); false when it does not end as a
  /// whole deflate stream.
  bool inflate_into(std::string_view data, std::string_view dictionary, std::size_t largest,
                    std::size_t& after, std::string& text) {
    if (!ready_ || inflateReset(&stream_) != Z_OK ||
        (!dictionary.empty() &&
         inflateSetDictionary(&stream_, reinterpret_cast<const Bytef*>(dictionary.data()),
                              static_cast<uInt>(dictionary.size())) != Z_OK))
      throw StoreError("zlib: cannot inflate");
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    stream_.avail_in = static_cast<uInt>(data.size());
    text.clear();
    char buffer[16384];
    int status = Z_OK;
    while (status == Z_OK) {
      stream_.next_out = reinterpret_cast<Bytef*>(buffer);
      stream_.avail_out = sizeof buffer;
      status = inflate(&stream_, Z_NO_FLUSH);
      if (status != Z_OK && status != Z_STREAM_END) break;
      const std::size_t produced = sizeof buffer - stream_.avail_out;
      if (text.size() + produced > largest)  // more than was ever stored: not ours
        throw StoreError("a stored document inflates past " + std::to_string(largest) + " bytes");
      text.append(buffer, produced);
      if (status == Z_OK && stream_.avail_in == 0 && produced == 0) break;  // cut short
    }
    after = stream_.avail_in;
    return status == Z_STREAM_END;
  }

 private:
  z_stream stream_{};
  bool ready_ = false;
};

Inflater& inflater() {
  thread_local Inflater inflating;
  return inflating;
}

std::uint32_t big_endian_32(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  for (std::size_t i = at; i < at + 4; ++i)
    value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  return value;
}

}  // namespace

/// The dictionaries this build knows, by their ids (deflate_dictionary_id: the DICTID a zlib
/// stream names, the id a catalog body's index names).
std::string_view deflate_dictionary_of(std::uint32_t id) {
  static const std::uint32_t facts = deflate_dictionary_id(facts_dictionary()),
                             catalog = deflate_dictionary_id(catalog_dictionary()),
                             documents = deflate_dictionary_id(documents_dictionary());
  if (id == facts) return facts_dictionary();
  if (id == catalog) return catalog_dictionary();
  if (id == documents) return documents_dictionary();
  throw StoreError("a stored document names a deflate dictionary (" + std::to_string(id) +
                   ") this build does not have");
}

std::uint32_t deflate_dictionary_id(std::string_view dictionary) {
  return static_cast<std::uint32_t>(adler32(adler32(0, nullptr, 0),
                                            reinterpret_cast<const Bytef*>(dictionary.data()),
                                            static_cast<uInt>(dictionary.size())));
}

std::string stored_text(const std::string& json_text, std::size_t deflate_from) {
  refuse_past_kept(json_text.size());
  if (json_text.size() < deflate_from) return json_text;
  uLongf size = compressBound(static_cast<uLong>(json_text.size()));
  std::string deflated(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(deflated.data()), &size,
                reinterpret_cast<const Bytef*>(json_text.data()),
                static_cast<uLong>(json_text.size()), Z_BEST_SPEED) != Z_OK ||
      size >= json_text.size())
    return json_text;
  deflated.resize(size);
  return deflated;
}

std::string stored_text(const std::string& json_text, std::size_t deflate_from,
                        std::string_view dictionary) {
  refuse_past_kept(json_text.size());
  if (json_text.size() < deflate_from) return json_text;
  thread_local Deflater zlib(MAX_WBITS);
  return zlib.deflated(json_text, dictionary).value_or(json_text);
}

std::string json_text(const std::string& stored, std::size_t largest) {
  if (stored.empty() || static_cast<unsigned char>(stored[0]) != kZlibHeader) return stored;
  // RFC 1950: CMF, FLG (FCHECK: the two a multiple of 31; FDICT: a DICTID follows), the raw
  // deflate data, then the text's Adler-32, both numbers big-endian
  constexpr unsigned char kPresetDictionary = 0x20;
  const auto flags = stored.size() > 1 ? static_cast<unsigned char>(stored[1]) : 0;
  if (stored.size() < 6 || (kZlibHeader * 256 + flags) % 31 != 0)
    throw StoreError("a stored document is not a whole zlib stream");
  std::size_t start = 2;
  std::string_view dictionary;
  if (flags & kPresetDictionary) {
    if (stored.size() < 10) throw StoreError("a stored document is not a whole zlib stream");
    dictionary = deflate_dictionary_of(big_endian_32(stored, 2));
    start = 6;
  }
  std::size_t after = 0;
  std::optional<std::string> text =
      inflater().inflated(std::string_view(stored).substr(start), dictionary, largest, after);
  if (!text || after != 4 ||
      big_endian_32(stored, stored.size() - 4) !=
          adler32(adler32(0, nullptr, 0), reinterpret_cast<const Bytef*>(text->data()),
                  static_cast<uInt>(text->size())))
    throw StoreError("a stored document is not a whole zlib stream");
  return std::move(*text);
}

std::optional<std::string> deflated_piece(std::string_view text, std::string_view dictionary) {
  refuse_past_kept(text.size());
  thread_local Deflater raw(-MAX_WBITS);
  return raw.deflated(text, dictionary);
}

void inflate_piece_into(std::string_view piece, std::uint32_t dictionary, std::string& text,
                        std::size_t largest) {
  inflate_piece_into(piece, deflate_dictionary_of(dictionary), text, largest);
}

void inflate_piece_into(std::string_view piece, std::string_view dictionary, std::string& text,
                        std::size_t largest) {
  std::size_t after = 0;
  if (!inflater().inflate_into(piece, dictionary, largest, after, text))
    throw StoreError("a stored piece is not a whole deflate stream");
}

std::string inflated_piece(std::string_view piece, std::uint32_t dictionary, std::size_t largest) {
  std::size_t after = 0;
  std::optional<std::string> text =
      inflater().inflated(piece, deflate_dictionary_of(dictionary), largest, after);
  if (!text) throw StoreError("a stored piece is not a whole deflate stream");
  return std::move(*text);
}

}  // namespace marionette::puppetdb
