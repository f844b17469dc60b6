#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lang/diagnostic.hpp"

namespace marionette::lang {

/// A SourceError with the Puppet-language stack it came up through, innermost first: each
/// function call, class inclusion or defined-type declaration on the way, as `file:line`
/// (Puppet's own stack frames, which `--trace` prints). Whoever catches a SourceError by
/// reference catches this one too; render_stack() reads its frames.
class TracedSourceError : public SourceError {
 public:
  TracedSourceError(const SourceError& error, std::vector<std::string> frames)
      : SourceError(error), frames_(std::move(frames)) {}

  const std::vector<std::string>& frames() const { return frames_; }

  /// The evaluator bounds its own depth; this bounds the trace.
  static constexpr std::size_t kMaxFrames = 100;

 private:
  std::vector<std::string> frames_;
};

/// Runs `body`; a SourceError coming out of it goes on with `where` as its next frame.
template <class Body>
decltype(auto) in_frame(const SourceLocation& where, Body&& body) {
  try {
    return body();
  } catch (const SourceError& error) {
    auto* traced = dynamic_cast<const TracedSourceError*>(&error);
    std::vector<std::string> frames = traced ? traced->frames() : std::vector<std::string>{};
    if (!where.known() || frames.size() >= TracedSourceError::kMaxFrames) throw;
    std::string frame = where.path() + ":" + std::to_string(where.line);
    if (!frames.empty() && frames.back() == frame) throw;  // `include x`: the call and the class
    frames.push_back(std::move(frame));
    throw TracedSourceError(error, std::move(frames));
  }
}

/// The error's stack for --trace: one `file:line` a line, each ending in a newline; "" when it
/// has none.
inline std::string render_stack(const SourceError& error) {
  std::string out;
  if (auto* traced = dynamic_cast<const TracedSourceError*>(&error))
    for (const std::string& frame : traced->frames()) out += frame + "\n";
  return out;
}

}  // namespace marionette::lang
