#pragma once

#include <stdexcept>
#include <string>

namespace marionette::counters {

/// A counters file or Redis reply that cannot be used: "counters: <error>".
[[noreturn]] inline void throw_io(const std::string& error) {
  throw std::runtime_error("counters: " + error);
}

}  // namespace marionette::counters
