#pragma once

// How marionette-ruby-worker lets Ruby 3.1 start with fewer page faults (worker_memory.cpp).

namespace marionette::ruby_worker {

/// From now on, the large anonymous mappings Ruby makes (its 32 MiB transient heap, whose 1,024
/// block headers it writes at start-up: a page fault each) are backed by transparent huge pages,
/// and Ruby's prctl(PR_SET_THP_DISABLE) is not applied. Costs up to 32 MiB of resident memory
/// for the worker's life; for workers that a waiting compile starts, not for long-lived ones.
void allow_huge_pages();

}  // namespace marionette::ruby_worker
