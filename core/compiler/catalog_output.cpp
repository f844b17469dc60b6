#include "compiler/catalog_output.hpp"

#include <exception>
#include <thread>

#include "catalog/catalog_writer.hpp"
#include "catalog/json_writer.hpp"

namespace marionette::compiler {

namespace {

/// Below this many resources a second thread costs more than it saves.
constexpr std::size_t kParallelFrom = 1000;

/// The tail of the resource list and the edges, written on a second thread.
class BackHalf {
 public:
  BackHalf(const ResourceTable& resources, std::size_t from)
      : worker_([this, &resources, from] {
          try {
            catalog::JsonWriter tail(tail_);
            bool first = false;  // a comma before each: the front half comes first
            resources.write_resources_json(tail, from, resources.size(), first);
            catalog::JsonWriter edges(edges_);
            resources.write_edges_json(edges);
          } catch (...) {
            error_ = std::current_exception();
          }
        }) {}

  /// Waits for the worker; its resources start with a comma.
  void finish() {
    worker_.join();
    if (error_) std::rethrow_exception(error_);
  }
  const std::string& tail() const { return tail_; }
  const std::string& edges() const { return edges_; }

 private:
  std::string tail_;
  std::string edges_;
  std::exception_ptr error_;
  std::jthread worker_;
};

}  // namespace

std::string catalog_json(const catalog::Catalog& header, const ResourceTable& resources) {
  std::string out;
  out.reserve(4096 + 640 * resources.size());
  catalog::JsonWriter json(out);
  if (resources.size() < kParallelFrom || std::thread::hardware_concurrency() < 2) {
    catalog::write_catalog(
        json, header, [&](catalog::JsonWriter& json) { resources.write_resources_json(json); },
        [&](catalog::JsonWriter& json) { resources.write_edges_json(json); });
    return out;
  }
  // The edges are cheaper than resources: the worker takes them and the last 40 %.
  const std::size_t split = resources.size() * 3 / 5;
  BackHalf back(resources, split);
  catalog::write_catalog(
      json, header,
      [&](catalog::JsonWriter& json) {
        bool first = true;
        resources.write_resources_json(json, 0, split, first);
        back.finish();
        std::string_view tail = back.tail();
        if (first && !tail.empty()) tail.remove_prefix(1);  // nothing before it after all
        json.raw(tail);
      },
      [&](catalog::JsonWriter& json) { json.raw(back.edges()); });
  return out;
}

}  // namespace marionette::compiler
