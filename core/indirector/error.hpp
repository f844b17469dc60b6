#pragma once

#include <stdexcept>
#include <string>

namespace marionette::indirector {

/// The one error of the indirector: a terminus could not find, save or destroy a model, or a
/// routes file cannot be used. what() names the model, the terminus and the key:
/// `catalog/json: cannot read 'node1': <why>`.
class Error : public std::runtime_error {
 public:
  Error(std::string model, std::string terminus, std::string key, const std::string& what,
        const std::string& why)
      : std::runtime_error(model + "/" + terminus + ": " + what + " '" + key + "': " + why),
        model_(std::move(model)),
        terminus_(std::move(terminus)),
        key_(std::move(key)),
        why_(why) {}

  /// For errors that are not about one key (a routes file): `message` is the whole text, as the
  /// user should see it.
  explicit Error(const std::string& message) : std::runtime_error(message), rendered_(true) {}

  /// Says that why() (or, for a keyless error, what()) is already rendered for the user:
  /// `file:line:column: error: …` with the source line and a caret.
  Error& mark_rendered() {
    rendered_ = true;
    return *this;
  }
  bool rendered() const { return rendered_; }

  /// The Puppet-language stack of a compile error (lang::render_stack), for --trace.
  Error& with_trace(std::string trace) {
    trace_ = std::move(trace);
    return *this;
  }
  const std::string& trace() const { return trace_; }

  const std::string& model() const { return model_; }
  const std::string& terminus() const { return terminus_; }
  const std::string& key() const { return key_; }
  /// The cause alone (for catalog/compiler, the rendered diagnostic with its caret).
  const std::string& why() const { return why_; }

 private:
  std::string model_, terminus_, key_, why_, trace_;
  bool rendered_ = false;
};

}  // namespace marionette::indirector
