#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace marionette::http {

/// The storage of large response bodies, kept for the next answer instead of freed. The server
/// maps every block of 64 KiB and more on its own (server_command.cpp), so a new 6 MB answer
/// (all nodes of a 10,000-node fleet) faulted in each of its ~1,500 pages again: a third of
/// that request's time. A body the server has written goes back here (ConnectionLoop), the
/// next large answer starts in it (QueryEngine), and the server's once-a-second trim releases
/// them all (Api::give_back_freed_memory), so an idle server holds none.
class AnswerBuffers {
 public:
  static constexpr std::size_t kSmallest = 512 * 1024;       ///< smaller: malloc's own
  static constexpr std::size_t kLargest = 32 * 1024 * 1024;  ///< larger: freed at once
  static constexpr std::size_t kKept = 2;

  /// The process's buffers (the event loop gives back, the workers take).
  static AnswerBuffers& process();

  /// An empty string that holds at least `capacity` bytes: the smallest kept one that does,
  /// else a new one reserved.
  std::string take(std::size_t capacity);
  /// Keeps `text`'s storage, emptied, when it holds kSmallest..kLargest bytes and fewer than
  /// kKept are kept (the smallest then goes); frees it otherwise.
  void give_back(std::string&& text);
  /// Frees every kept buffer; whether there were any.
  bool release();

 private:
  std::mutex mutex_;
  std::vector<std::string> kept_;
};

}  // namespace marionette::http
