#pragma once

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "transaction/apply.hpp"

namespace marionette::transaction::testing {

/// Builds catalogs the way the compiler does: Stage[main] contains Class[main] (and any other
/// class), which contain their resources.
class CatalogBuilder {
 public:
  CatalogBuilder() {
    add("Stage", "main", {}, "");
    add("Class", "main", {{"name", "main"}}, "Stage[main]");
  }

  CatalogBuilder& add_class(const std::string& title,
                            catalog::Data parameters = catalog::Data::object()) {
    return add("Class", title, std::move(parameters), "Stage[main]");
  }

  /// Adds a resource contained in `container` (default Class[main]).
  CatalogBuilder& add(const std::string& type, const std::string& title, catalog::Data parameters,
                      const std::string& container = "Class[main]") {
    catalog::Resource resource;
    resource.type = type;
    resource.title = title;
    resource.parameters = parameters.is_null() ? catalog::Data::object() : std::move(parameters);
    catalog_.resources.push_back(resource);
    if (!container.empty()) catalog_.edges.push_back({container, resource.ref()});
    return *this;
  }

  catalog::Catalog build() const { return catalog_; }

 private:
  catalog::Catalog catalog_;
};

/// A private temp directory, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "marionette-apply-XXXXXX");
    path_ = ::mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

/// Applies and keeps every log line as "level: message".
struct Run {
  Report report;
  std::vector<std::string> log;

  bool logged(const std::string& line) const {
    for (const auto& entry : log) {
      if (entry == line) return true;
    }
    return false;
  }
  std::string all_log() const {
    std::string text;
    for (const auto& entry : log) text += entry + "\n";
    return text;
  }
};

/// Applies with `options` (module dirs, filebucket, …), keeping every log line but the debug
/// ones (what `apply -d` adds: events passed to containers, commands run).
inline Run run_apply_with(const catalog::Catalog& catalog, ApplyOptions options) {
  Run run;
  options.log = [&run](const std::string& level, const std::string& message) {
    if (level != "debug") run.log.push_back(level + ": " + message);
  };
  run.report = apply(catalog, options);
  return run;
}

inline Run run_apply(const catalog::Catalog& catalog, bool noop = false) {
  ApplyOptions options;
  options.noop = noop;
  return run_apply_with(catalog, std::move(options));
}

inline const ResourceStatus* status_of(const Report& report, const std::string& ref) {
  for (const auto& status : report.resources) {
    if (status.ref == ref) return &status;
  }
  return nullptr;
}

/// A catalog of one File resource.
inline catalog::Catalog one_file(const std::string& path, catalog::Data parameters) {
  CatalogBuilder b;
  b.add("File", path, std::move(parameters));
  return b.build();
}

/// The permission bits of the path itself (a link's own).
inline unsigned mode_of(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
  return st.st_mode & 07777;
}

/// The notice a File resource's change logs: "notice: /Stage[main]/Main/File[PATH]MESSAGE".
inline std::string file_notice(const std::string& path, const std::string& message) {
  return "notice: /Stage[main]/Main/File[" + path + "]" + message;
}

}  // namespace marionette::transaction::testing
