#include "indirector/document_store.hpp"

#include <algorithm>
#include <stdexcept>

#include "counters/redis_connection.hpp"
#include "storage/durable_file.hpp"

namespace marionette::indirector {

namespace fs = std::filesystem;

void check_key(const std::string& key) {
  if (key.empty() || key == "." || key == ".." || key.find('/') != std::string::npos ||
      key.find('\0') != std::string::npos)
    throw std::runtime_error("not a valid node name");
}

fs::path FileDocumentStore::path_of(const std::string& key) const {
  check_key(key);
  return dir_ / (key + "." + extension_);
}

std::optional<std::string> FileDocumentStore::get(const std::string& key) {
  const fs::path path = path_of(key);
  std::error_code error;
  if (!fs::exists(path, error)) return std::nullopt;
  std::string text, why;
  if (!storage::read_file(path, &text, &why)) throw std::runtime_error(why);
  return text;
}

void FileDocumentStore::put(const std::string& key, const std::string& text) {
  const fs::path path = path_of(key);
  std::error_code error;
  fs::create_directories(dir_, error);
  if (error) throw std::runtime_error("cannot create " + dir_.string() + ": " + error.message());
  std::string why;
  if (!storage::write_file_atomically(path, text, &why)) throw std::runtime_error(why);
}

void FileDocumentStore::remove(const std::string& key) {
  std::error_code error;
  fs::remove(path_of(key), error);
  if (error)
    throw std::runtime_error("cannot remove " + path_of(key).string() + ": " + error.message());
}

std::vector<std::string> FileDocumentStore::keys() {
  std::vector<std::string> all;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir_, error)) {
    if (entry.path().extension() == "." + extension_) all.push_back(entry.path().stem().string());
  }
  std::sort(all.begin(), all.end());
  return all;
}

struct RedisDocumentStore::Reply {
  counters::RedisReply reply;
};

RedisDocumentStore::RedisDocumentStore(const TerminusSettings& settings, const std::string& model)
    : namespace_(settings.redis_prefix + ":" + model + ":") {
  if (!settings.redis) {
    setup_error_ = "no Redis is configured (set redis in marionette.yaml or --redis URL)";
    return;
  }
  std::string why;
  auto endpoint = counters::parse_redis_url(*settings.redis, &why);
  if (!endpoint) {
    setup_error_ = why;
    return;
  }
  connection_ = std::make_unique<counters::RedisConnection>(*endpoint, settings.redis_timeout);
}

RedisDocumentStore::~RedisDocumentStore() = default;

RedisDocumentStore::Reply RedisDocumentStore::run(const std::vector<std::string>& args) {
  if (!connection_) throw std::runtime_error(setup_error_);
  std::string why;
  auto reply = connection_->command(args, &why);
  if (!reply) throw std::runtime_error(why);
  if (reply->kind == counters::RedisReply::Kind::error)
    throw std::runtime_error("Redis refused " + args[0] + ": " + reply->text);
  return Reply{std::move(*reply)};
}

std::optional<std::string> RedisDocumentStore::get(const std::string& key) {
  check_key(key);
  Reply reply = run({"GET", redis_key(key)});
  if (reply.reply.kind == counters::RedisReply::Kind::nil) return std::nullopt;
  return reply.reply.text;
}

void RedisDocumentStore::put(const std::string& key, const std::string& text) {
  check_key(key);
  run({"SET", redis_key(key), text});
}

void RedisDocumentStore::remove(const std::string& key) {
  check_key(key);
  run({"DEL", redis_key(key)});
}

std::vector<std::string> RedisDocumentStore::keys() {
  std::vector<std::string> all;
  std::string cursor = "0";
  do {
    Reply reply = run({"SCAN", cursor, "MATCH", namespace_ + "*", "COUNT", "100"});
    if (reply.reply.elements.size() != 2) throw std::runtime_error("unexpected reply to SCAN");
    cursor = reply.reply.elements[0].text;
    for (const auto& element : reply.reply.elements[1].elements)
      all.push_back(element.text.substr(namespace_.size()));
  } while (cursor != "0");
  std::sort(all.begin(), all.end());
  return all;
}

void RedisDocumentStore::push_bounded(const std::string& key, const std::string& text,
                                      std::size_t keep) {
  check_key(key);
  run({"LPUSH", redis_key(key), text});
  run({"LTRIM", redis_key(key), "0", std::to_string(keep == 0 ? 0 : keep - 1)});
}

}  // namespace marionette::indirector
