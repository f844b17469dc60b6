#include "subagent/repeat_filter.hpp"

namespace marionette::subagent {

RepeatFilter::Verdict RepeatFilter::admit(std::string_view message) {
  if (message == last_) {
    ++repeats_;
    return {};
  }
  Verdict verdict{true, repeats_};
  last_ = message;
  repeats_ = 0;
  return verdict;
}

}  // namespace marionette::subagent
