#include "puppetdb/stored_text.hpp"

#include <zlib.h>

#include <cstdint>

#include "puppetdb/query_error.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb {

namespace {

constexpr unsigned char kZlibHeader = 0x78;

}  // namespace

std::string stored_text(const std::string& json_text, std::size_t deflate_from) {
  if (json_text.size() > kLargestDocument)
    throw QueryError(413, "The document is larger than the " + std::to_string(kLargestDocument) +
                              " bytes the store keeps");
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

namespace {

/// One deflate state a thread, reset between values (its hash chains and window are ~256 KiB,
/// too much to allocate for each node's facts).
class Deflater {
 public:
  Deflater() {
    ready_ = deflateInit2(&stream_, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) ==
             Z_OK;
  }
  ~Deflater() {
    if (ready_) deflateEnd(&stream_);
  }
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;
  z_stream* reset(std::string_view dictionary) {
    if (!ready_ || deflateReset(&stream_) != Z_OK ||
        deflateSetDictionary(&stream_, reinterpret_cast<const Bytef*>(dictionary.data()),
                             static_cast<uInt>(dictionary.size())) != Z_OK)
      throw StoreError("zlib: cannot deflate");
    return &stream_;
  }

 private:
  z_stream stream_{};
  bool ready_ = false;
};

}  // namespace

std::string stored_text(const std::string& json_text, std::size_t deflate_from,
                        std::string_view dictionary) {
  if (json_text.size() > kLargestDocument)
    throw QueryError(413, "The document is larger than the " + std::to_string(kLargestDocument) +
                              " bytes the store keeps");
  if (json_text.size() < deflate_from) return json_text;
  thread_local Deflater deflater;
  z_stream& stream = *deflater.reset(dictionary);
  std::string deflated(deflateBound(&stream, static_cast<uLong>(json_text.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(json_text.data()));
  stream.avail_in = static_cast<uInt>(json_text.size());
  stream.next_out = reinterpret_cast<Bytef*>(deflated.data());
  stream.avail_out = static_cast<uInt>(deflated.size());
  if (deflate(&stream, Z_FINISH) != Z_STREAM_END || stream.total_out >= json_text.size())
    return json_text;
  deflated.resize(stream.total_out);
  return deflated;
}

namespace {

/// The dictionaries json_text knows, by their Adler-32 (the DICTID a stream names).
std::string_view dictionary_of(uLong id) {
  static const auto id_of = [](std::string_view text) {
    return adler32(adler32(0, nullptr, 0), reinterpret_cast<const Bytef*>(text.data()),
                   static_cast<uInt>(text.size()));
  };
  static const uLong facts = id_of(facts_dictionary()), catalog = id_of(catalog_dictionary()),
                     documents = id_of(documents_dictionary());
  if (id == facts) return facts_dictionary();
  if (id == catalog) return catalog_dictionary();
  if (id == documents) return documents_dictionary();
  throw StoreError("a stored document names a deflate dictionary (" + std::to_string(id) +
                   ") this build does not have");
}

/// One raw inflate state a thread, reset between values: a node's fact values and resource
/// groups are small and many (a query by tag inflates thousands), and inflateInit's state and
/// its 32 KiB window, allocated afresh for each, cost more than inflating one. Raw (the zlib
/// wrapper read by json_text): zlib's own reading of a stream with a preset dictionary sums the
/// whole dictionary (Adler-32) each time to check it against the stream's DICTID, a fifth of
/// inflating a small resource group; json_text finds the dictionary by that DICTID instead.
class Inflater {
 public:
  Inflater() { ready_ = inflateInit2(&stream_, -MAX_WBITS) == Z_OK; }
  ~Inflater() {
    if (ready_) inflateEnd(&stream_);
  }
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;
  z_stream* reset() {
    if (!ready_ || inflateReset(&stream_) != Z_OK) throw StoreError("zlib: cannot inflate");
    return &stream_;
  }

 private:
  z_stream stream_{};
  bool ready_ = false;
};

std::uint32_t big_endian_32(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  for (std::size_t i = at; i < at + 4; ++i)
    value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  return value;
}

}  // namespace

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
    dictionary = dictionary_of(big_endian_32(stored, 2));
    start = 6;
  }
  thread_local Inflater inflater;
  z_stream& stream = *inflater.reset();
  if (!dictionary.empty() &&
      inflateSetDictionary(&stream, reinterpret_cast<const Bytef*>(dictionary.data()),
                           static_cast<uInt>(dictionary.size())) != Z_OK)
    throw StoreError("zlib: cannot inflate");
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(stored.data() + start));
  stream.avail_in = static_cast<uInt>(stored.size() - start);
  std::string text;
  char buffer[16384];
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    status = inflate(&stream, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) break;
    const std::size_t produced = sizeof buffer - stream.avail_out;
    if (text.size() + produced > largest)  // more than was ever stored: not ours
      throw StoreError("a stored document inflates past " + std::to_string(largest) + " bytes");
    text.append(buffer, produced);
  }
  if (status != Z_STREAM_END || stream.avail_in != 4 ||
      big_endian_32(stored, stored.size() - 4) !=
          adler32(adler32(0, nullptr, 0), reinterpret_cast<const Bytef*>(text.data()),
                  static_cast<uInt>(text.size())))
    throw StoreError("a stored document is not a whole zlib stream");
  return text;
}

namespace {

/// One raw deflate (inflate) state a thread for the pieces, reset between pieces.
struct RawStreams {
  RawStreams() {
    deflating = deflateInit2(&deflater, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8,
                             Z_DEFAULT_STRATEGY) == Z_OK;
    inflating = inflateInit2(&inflater, -15) == Z_OK;
  }
  ~RawStreams() {
    if (deflating) deflateEnd(&deflater);
    if (inflating) inflateEnd(&inflater);
  }
  RawStreams(const RawStreams&) = delete;
  RawStreams& operator=(const RawStreams&) = delete;
  z_stream deflater{}, inflater{};
  bool deflating = false, inflating = false;
};

RawStreams& raw_streams() {
  thread_local RawStreams streams;
  return streams;
}

}  // namespace

std::uint32_t deflate_dictionary_id(std::string_view dictionary) {
  return static_cast<std::uint32_t>(adler32(adler32(0, nullptr, 0),
                                            reinterpret_cast<const Bytef*>(dictionary.data()),
                                            static_cast<uInt>(dictionary.size())));
}

std::optional<std::string> deflated_piece(std::string_view text, std::string_view dictionary) {
  if (text.size() > kLargestDocument)
    throw QueryError(413, "The document is larger than the " + std::to_string(kLargestDocument) +
                              " bytes the store keeps");
  RawStreams& raw = raw_streams();
  z_stream& stream = raw.deflater;
  if (!raw.deflating || deflateReset(&stream) != Z_OK ||
      deflateSetDictionary(&stream, reinterpret_cast<const Bytef*>(dictionary.data()),
                           static_cast<uInt>(dictionary.size())) != Z_OK)
    throw StoreError("zlib: cannot deflate");
  std::string deflated(deflateBound(&stream, static_cast<uLong>(text.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(deflated.data());
  stream.avail_out = static_cast<uInt>(deflated.size());
  if (deflate(&stream, Z_FINISH) != Z_STREAM_END || stream.total_out >= text.size())
    return std::nullopt;
  deflated.resize(stream.total_out);
  return deflated;
}

std::string inflated_piece(std::string_view piece, std::uint32_t dictionary, std::size_t largest) {
  const std::string_view words = dictionary_of(dictionary);
  RawStreams& raw = raw_streams();
  z_stream& stream = raw.inflater;
  if (!raw.inflating || inflateReset(&stream) != Z_OK ||
      inflateSetDictionary(&stream, reinterpret_cast<const Bytef*>(words.data()),
                           static_cast<uInt>(words.size())) != Z_OK)
    throw StoreError("zlib: cannot inflate");
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(piece.data()));
  stream.avail_in = static_cast<uInt>(piece.size());
  std::string text;
  char buffer[16384];
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    status = inflate(&stream, Z_NO_FLUSH);
    const std::size_t produced = sizeof buffer - stream.avail_out;
    if (text.size() + produced > largest)  // more than was ever stored: not ours
      throw StoreError("a stored document inflates past " + std::to_string(largest) + " bytes");
    text.append(buffer, produced);
    if (status == Z_OK && stream.avail_in == 0 && produced == 0) break;  // cut short
  }
  if (status != Z_STREAM_END) throw StoreError("a stored piece is not a whole deflate stream");
  return text;
}

}  // namespace marionette::puppetdb
