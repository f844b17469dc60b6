#pragma once

#include <cstddef>
#include <cstdint>

namespace marionette::compiler {

/// Faults in, from a second thread, the pages the main heap has reserved but not touched yet,
/// so that the evaluating thread finds them ready instead of taking a page fault for each one
/// (about a sixth of a compile's time went to those faults).
///
/// glibc's main arena grows with brk: made on that thread, this asks it to grow in steps of
/// `step` bytes (M_TOP_PAD), and populate() then writes-faults what lies between the heap's
/// start (here) and its current end with MADV_POPULATE_WRITE, which leaves present pages alone.
/// The cost is at most `step` bytes of resident memory the compile may not use.
class HeapLookahead {
 public:
  explicit HeapLookahead(std::size_t step);
  /// Faults in at most `at_most` more bytes; false when there was nothing to do.
  bool populate(std::size_t at_most);

 private:
  std::uintptr_t from_;
  std::uintptr_t done_;  ///< populated up to here
};

}  // namespace marionette::compiler
