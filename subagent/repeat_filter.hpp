#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace marionette::subagent {

/// Keeps a retry loop from flooding the log: a message is let through once, and the same
/// message repeated right after it is counted instead. Net-SNMP retries the AgentX connection
/// every ping interval and says "Failed to connect" each time.
class RepeatFilter {
 public:
  struct Verdict {
    bool log = false;                  ///< whether to log this message
    std::size_t previous_repeats = 0;  ///< how often the previous message was held back
  };

  Verdict admit(std::string_view message);

 private:
  std::string last_;
  std::size_t repeats_ = 0;
};

}  // namespace marionette::subagent
