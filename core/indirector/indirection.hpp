#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "indirector/terminus.hpp"

namespace marionette::indirector {

/// How one find uses the cache terminus (Puppet's ignore_cache and ignore_cache_save).
struct FindOptions {
  bool ignore_cache = false;       ///< go to the terminus even when the cache has the model
  bool ignore_cache_save = false;  ///< do not fill the cache with what the terminus found
};

/// One model's way in and out: a terminus chosen by the routes, and an optional cache terminus
/// consulted first on find and filled after, as Puppet's indirector does.
template <typename Model>
class Indirection {
 public:
  /// Told when the cache could not be read or written; the operation goes on without it.
  using Warn = std::function<void(const std::string&)>;

  Indirection(std::unique_ptr<Terminus<Model>> terminus, std::unique_ptr<Terminus<Model>> cache,
              Warn warn = {})
      : terminus_(std::move(terminus)), cache_(std::move(cache)), warn_(std::move(warn)) {}

  Terminus<Model>& terminus() { return *terminus_; }
  Terminus<Model>* cache() { return cache_.get(); }

  std::optional<Model> find(const Request& request, FindOptions options = {}) {
    if (cache_ && !options.ignore_cache) {
      try {
        if (auto cached = cache_->find(request)) return cached;
      } catch (const Error& e) {
        tell(e.what());  // a broken cache is a miss, as in Puppet
      }
    }
    std::optional<Model> found = terminus_->find(request);
    if (found && cache_ && !options.ignore_cache_save) save_in_cache(request, *found);
    return found;
  }

  std::vector<Model> search(const Request& request) { return terminus_->search(request); }

  /// Saves through the terminus, then in the cache.
  void save(const Request& request, const Model& model) {
    terminus_->save(request, model);
    if (cache_) save_in_cache(request, model);
  }

  void destroy(const Request& request) {
    terminus_->destroy(request);
    if (cache_) cache_->destroy(request);
  }

 private:
  void save_in_cache(const Request& request, const Model& model) {
    try {
      cache_->save(request, model);
    } catch (const Error& e) {
      tell(e.what());
    }
  }
  void tell(const std::string& message) {
    if (warn_) warn_(message);
  }

  std::unique_ptr<Terminus<Model>> terminus_;
  std::unique_ptr<Terminus<Model>> cache_;
  Warn warn_;
};

}  // namespace marionette::indirector
