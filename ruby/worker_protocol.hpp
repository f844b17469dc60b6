#pragma once

// The messages between marionette and a Ruby worker (marionette-ruby-worker), the process that
// runs marionette-ruby.so apart from the compiling one. The module's C interface (module_abi.h)
// passes only bytes, so each of its calls, and each call back into marionette that Ruby makes
// while one runs, travels over the worker's socket as one frame:
//
//   size (4 bytes, little-endian, of what follows), kind (1 byte), fields
//
// where a field is an integer (8 bytes) or a text (size and bytes), written with value_wire's
// Writer. Either side may receive a new request while it waits for the answer to its own (a
// Ruby function calling a Puppet function that calls a Ruby function): it serves that first,
// so calls nest on both sides as they nest in one process.
//
// Both sides build this header into themselves; no C++ type crosses.

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "value_wire.hpp"

namespace marionette::ruby_worker {

/// What a frame is.
enum class Kind : char {
  // worker -> marionette
  hello = 'H',      ///< the worker is ready (status OK) or cannot run Ruby (ERROR, why)
  reply = 'R',      ///< the answer to the request being served: status, bytes, children alive
  host_call = 'C',  ///< a call back into marionette: host index, which, its fields
  log = 'L',        ///< Puppet.warning and its kin: host index, level, message (no answer)
  // marionette -> worker
  call_function = 'f',
  call_block = 'b',
  render_template = 't',
  resolve_facts = 'a',
  answer = 'r',  ///< the answer to a host_call: status, bytes
};

/// Which of marionette_ruby_host's calls a host_call is.
enum class HostCall : int {
  call_function,
  call_block,
  lookup_variable,
  check_type,
  call_function_with_block,
  set_variable,
  replace_variable,
};

/// The worker's socket is this descriptor; it has no other one open but 0, 1 and 2.
inline constexpr int kWorkerSocket = 3;

/// A frame larger than this is refused by the reader (values are bounded well below it).
inline constexpr std::uint32_t kMaxFrame = 1u << 30;

/// A frame's fields, read in the order they were written.
class Fields {
 public:
  explicit Fields(std::string_view bytes) : in_(bytes.data(), bytes.size()) {}
  std::int64_t integer() { return in_.integer(); }
  int number() { return static_cast<int>(in_.integer()); }
  std::string_view text() { return in_.text(); }
  std::string string() { return std::string(in_.text()); }

 private:
  ruby_wire::Reader in_;
};

/// A frame being written: its kind, then fields.
class Frame {
 public:
  explicit Frame(Kind kind) {
    out_.count(0);  // the size, set by bytes()
    out_.tag(static_cast<char>(kind));
  }
  Frame& integer(std::int64_t value) {
    out_.integer(value);
    return *this;
  }
  Frame& text(std::string_view value) {
    out_.text(value);
    return *this;
  }
  /// The frame ready to send.
  std::string bytes() const {
    std::string all = out_.bytes();
    auto size = static_cast<std::uint32_t>(all.size() - 4);
    std::memcpy(all.data(), &size, 4);
    return all;
  }

 private:
  ruby_wire::Writer out_;
};

/// A frame received: its kind and its fields' bytes.
struct Received {
  Kind kind{};
  std::string fields;
};

/// Blocking I/O for the worker's side. False when the other side has gone.
inline bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

inline bool read_exactly(int fd, char* into, std::size_t size) {
  while (size > 0) {
    ssize_t n = ::read(fd, into, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    into += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

inline bool read_frame(int fd, Received& frame) {
  std::uint32_t size = 0;
  if (!read_exactly(fd, reinterpret_cast<char*>(&size), 4) || size == 0 || size > kMaxFrame)
    return false;
  std::string body(size, '\0');
  if (!read_exactly(fd, body.data(), size)) return false;
  frame.kind = static_cast<Kind>(body[0]);
  frame.fields = body.substr(1);
  return true;
}

/// Takes one whole frame off the front of `buffer` when it holds one (the parent's side reads
/// without blocking); throws on a frame no worker writes.
inline bool take_frame(std::string& buffer, Received& frame) {
  if (buffer.size() < 4) return false;
  std::uint32_t size = 0;
  std::memcpy(&size, buffer.data(), 4);
  if (size == 0 || size > kMaxFrame) throw std::runtime_error("corrupt frame from a Ruby worker");
  if (buffer.size() < 4u + size) return false;
  frame.kind = static_cast<Kind>(buffer[4]);
  frame.fields.assign(buffer, 5, size - 1);
  buffer.erase(0, 4u + size);
  return true;
}

}  // namespace marionette::ruby_worker
