#pragma once

// The bytes a Puppet value travels in between marionette and marionette-ruby.so (module_abi.h).
// Each side builds this file into itself and converts its own values; only bytes cross.
//
// A value is one tag byte, then:
//   'n' undef   'd' default   't' true   'f' false
//   'i' Integer: 8 bytes, little-endian two's complement   'r' Float: 8 bytes IEEE 754
//   's' String: size (4 bytes, little-endian), then the bytes
//   'b' a String in ASCII-8BIT, 'o' an instance of a String subclass (from Ruby only): as 's'
//   'x' Regexp: its pattern, as a String's size and bytes
//   'a' Array: count (4 bytes), then the values   'h' Hash: count, then key and value of each
//   'S' Sensitive: the wrapped value
//   'y' a type, a resource reference or a rich value (Binary, Timestamp, SemVer, ...) as the
//       compiler holds it (runtime_values.hpp): its name as a String's, count, the parameters.

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

namespace marionette::ruby_wire {

class Writer {
 public:
  void tag(char t) { out_.push_back(t); }
  void integer(std::int64_t value) { raw(&value, 8); }
  void real(double value) { raw(&value, 8); }
  void count(std::size_t n) {
    if (n > UINT32_MAX) throw std::length_error("value too large to pass to Ruby");
    auto n32 = static_cast<std::uint32_t>(n);
    raw(&n32, 4);
  }
  void text(std::string_view s) {
    count(s.size());
    out_.append(s.data(), s.size());
  }
  const std::string& bytes() const { return out_; }

 private:
  void raw(const void* data, std::size_t size) {  // x86-64 and arm64 are little-endian
    out_.append(static_cast<const char*>(data), size);
  }
  std::string out_;
};

class Reader {
 public:
  Reader(const char* data, std::size_t size) : data_(data), size_(size) {}
  char tag() { return *take(1); }
  std::int64_t integer() {
    std::int64_t value;
    std::memcpy(&value, take(8), 8);
    return value;
  }
  double real() {
    double value;
    std::memcpy(&value, take(8), 8);
    return value;
  }
  std::uint32_t count() {
    std::uint32_t n;
    std::memcpy(&n, take(4), 4);
    // Every element takes at least one byte: a count beyond what is left is corrupt.
    if (n > size_ - at_) throw std::runtime_error("corrupt value from Ruby");
    return n;
  }
  std::string_view text() {
    std::uint32_t n = count();
    return {take(n), n};
  }
  bool done() const { return at_ == size_; }
  std::size_t position() const { return at_; }

 private:
  const char* take(std::size_t n) {
    if (n > size_ - at_) throw std::runtime_error("truncated value from Ruby");
    const char* p = data_ + at_;
    at_ += n;
    return p;
  }
  const char* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

/// Nesting deeper than this is refused on both sides (values are built recursively).
inline constexpr int kMaxDepth = 512;

/// Steps over one value without building it.
inline void skip(Reader& in, int depth = 0) {
  if (depth > kMaxDepth) throw std::runtime_error("value nested too deeply");
  switch (char tag = in.tag()) {
    case 'n':
    case 'd':
    case 't':
    case 'f':
      return;
    case 'i':
      in.integer();
      return;
    case 'r':
      in.real();
      return;
    case 's':
    case 'b':
    case 'o':
    case 'x':
      in.text();
      return;
    case 'a':
    case 'h': {
      std::uint64_t n = in.count();
      for (std::uint64_t i = 0; i < (tag == 'h' ? 2 * n : n); ++i) skip(in, depth + 1);
      return;
    }
    case 'S':
      skip(in, depth + 1);
      return;
    case 'y': {
      in.text();
      std::uint32_t n = in.count();
      for (std::uint32_t i = 0; i < n; ++i) skip(in, depth + 1);
      return;
    }
    default:
      throw std::runtime_error(std::string("corrupt value (tag ") + tag + ")");
  }
}

}  // namespace marionette::ruby_wire
