#pragma once

#include <optional>
#include <string>
#include <vector>

#include "indirector/error.hpp"
#include "indirector/request.hpp"

namespace marionette::indirector {

/// Where one model is kept or made: a file, Redis, the compiler, a command. Every operation a
/// terminus does not support throws Error ("... not supported"); every failure throws Error naming
/// the model, this terminus and the key.
template <typename Model>
class Terminus {
 public:
  Terminus(std::string model, std::string name)
      : model_(std::move(model)), name_(std::move(name)) {}
  virtual ~Terminus() = default;
  Terminus(const Terminus&) = delete;
  Terminus& operator=(const Terminus&) = delete;

  const std::string& model() const { return model_; }
  const std::string& name() const { return name_; }

  /// The model for request.key; nullopt when this terminus has none.
  virtual std::optional<Model> find(const Request& request) {
    throw unsupported("find", request.key);
  }
  /// Every model this terminus holds whose key matches request.key ("" or "*": all).
  virtual std::vector<Model> search(const Request& request) {
    throw unsupported("search", request.key);
  }
  virtual void save(const Request& request, const Model&) {
    throw unsupported("save", request.key);
  }
  virtual void destroy(const Request& request) { throw unsupported("destroy", request.key); }

 protected:
  /// `model/name: what 'key': why`.
  Error error(const std::string& key, const std::string& what, const std::string& why) const {
    return Error(model_, name_, key, what, why);
  }

 private:
  Error unsupported(const std::string& operation, const std::string& key) const {
    return error(key, "cannot " + operation, operation + " is not supported by this terminus");
  }

  std::string model_, name_;
};

}  // namespace marionette::indirector
