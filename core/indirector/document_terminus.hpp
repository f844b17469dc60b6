#pragma once

#include <functional>
#include <memory>

#include "indirector/document_store.hpp"
#include "indirector/terminus.hpp"

namespace marionette::indirector {

/// How a model is written to text and read back (JSON for facts and catalogs).
template <typename Model>
struct Codec {
  std::function<std::string(const Model&)> write;
  std::function<Model(const std::string&)> read;  ///< throws std::exception for bad text
};

/// A terminus that keeps models as documents in a store: a file per key or a Redis key.
template <typename Model>
class DocumentTerminus : public Terminus<Model> {
 public:
  DocumentTerminus(std::string model, std::string name, std::unique_ptr<DocumentStore> store,
                   Codec<Model> codec)
      : Terminus<Model>(std::move(model), std::move(name)),
        store_(std::move(store)),
        codec_(std::move(codec)) {}

  std::optional<Model> find(const Request& request) override {
    std::optional<std::string> text;
    try {
      text = store_->get(request.key);
    } catch (const std::exception& e) {
      throw this->error(request.key, "cannot read", e.what());
    }
    if (!text) return std::nullopt;
    try {
      return codec_.read(*text);
    } catch (const std::exception& e) {
      throw this->error(request.key, "cannot read", e.what());
    }
  }

  std::vector<Model> search(const Request& request) override {
    std::vector<std::string> keys;
    try {
      keys = store_->keys();
    } catch (const std::exception& e) {
      throw this->error(request.key, "cannot search", e.what());
    }
    std::vector<Model> found;
    for (const std::string& key : keys) {
      if (!request.key.empty() && request.key != "*" && key != request.key) continue;
      Request one = request;
      one.key = key;
      if (auto model = find(one)) found.push_back(std::move(*model));
    }
    return found;
  }

  void save(const Request& request, const Model& model) override {
    try {
      store_->put(request.key, codec_.write(model));
    } catch (const std::exception& e) {
      throw this->error(request.key, "cannot save", e.what());
    }
  }

  void destroy(const Request& request) override {
    try {
      store_->remove(request.key);
    } catch (const std::exception& e) {
      throw this->error(request.key, "cannot destroy", e.what());
    }
  }

 private:
  std::unique_ptr<DocumentStore> store_;
  Codec<Model> codec_;
};

}  // namespace marionette::indirector
