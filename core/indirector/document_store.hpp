#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "indirector/settings.hpp"

namespace marionette::counters {
class RedisConnection;
}

namespace marionette::indirector {

/// Where serialised models are kept by key. Failures throw std::runtime_error saying why; the
/// terminus adds the model, its name and the key.
class DocumentStore {
 public:
  virtual ~DocumentStore() = default;
  virtual std::optional<std::string> get(const std::string& key) = 0;
  virtual void put(const std::string& key, const std::string& text) = 0;
  virtual void remove(const std::string& key) = 0;
  virtual std::vector<std::string> keys() = 0;
};

/// One file per key, DIR/KEY.EXTENSION, replaced atomically (Puppet's client_data layout).
class FileDocumentStore : public DocumentStore {
 public:
  FileDocumentStore(std::filesystem::path dir, std::string extension)
      : dir_(std::move(dir)), extension_(std::move(extension)) {}
  std::filesystem::path path_of(const std::string& key) const;
  std::optional<std::string> get(const std::string& key) override;
  void put(const std::string& key, const std::string& text) override;
  void remove(const std::string& key) override;
  std::vector<std::string> keys() override;

 private:
  std::filesystem::path dir_;
  std::string extension_;
};

/// One Redis string per key, PREFIX:MODEL:KEY, every command bounded by the settings' timeout.
class RedisDocumentStore : public DocumentStore {
 public:
  RedisDocumentStore(const TerminusSettings& settings, const std::string& model);
  ~RedisDocumentStore() override;
  std::string redis_key(const std::string& key) const { return namespace_ + key; }
  std::optional<std::string> get(const std::string& key) override;
  void put(const std::string& key, const std::string& text) override;
  void remove(const std::string& key) override;
  std::vector<std::string> keys() override;
  /// LPUSH then LTRIM: the list at `key` keeps its `keep` newest entries.
  void push_bounded(const std::string& key, const std::string& text, std::size_t keep);

 private:
  struct Reply;
  Reply run(const std::vector<std::string>& args);

  std::string namespace_;  ///< "PREFIX:MODEL:"
  std::string setup_error_;
  std::unique_ptr<counters::RedisConnection> connection_;
};

/// A certname usable as a file name and a Redis key: not empty, no '/', not "." or "..".
/// Throws std::runtime_error otherwise.
void check_key(const std::string& key);

}  // namespace marionette::indirector
