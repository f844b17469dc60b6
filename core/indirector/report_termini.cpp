#include "indirector/document_terminus.hpp"
#include "indirector/report_json.hpp"
#include "indirector/termini.hpp"
#include "transaction/apply.hpp"

namespace marionette::indirector {

namespace {

/// report/yaml: STATE_DIR/last_run_report.yaml, Puppet's lastrunreport.
class YamlReport : public Terminus<transaction::Report> {
 public:
  explicit YamlReport(const TerminusSettings& settings)
      : Terminus("report", "yaml"), path_(settings.statedir / "last_run_report.yaml") {}

  void save(const Request& request, const transaction::Report& report) override {
    try {
      std::error_code ignored;
      std::filesystem::create_directories(path_.parent_path(), ignored);
      transaction::write_last_run_report(report, path_, request.key);
    } catch (const std::exception& e) {
      throw error(request.key, "cannot save", e.what());
    }
  }

 private:
  std::filesystem::path path_;
};

/// report/json: STATE_DIR/last_run_report.json, the report in Puppet's JSON shape.
class JsonReport : public Terminus<transaction::Report> {
 public:
  explicit JsonReport(const TerminusSettings& settings)
      : Terminus("report", "json"), store_(settings.statedir, "json") {}

  void save(const Request& request, const transaction::Report& report) override {
    try {
      check_key(request.key);
      store_.put("last_run_report", report_to_json(report, request.key) + "\n");
    } catch (const std::exception& e) {
      throw error(request.key, "cannot save", e.what());
    }
  }

 private:
  FileDocumentStore store_;
};

/// report/redis: a list per node, PREFIX:report:KEY, newest first, bounded to the settings'
/// report_history.
class RedisReport : public Terminus<transaction::Report> {
 public:
  explicit RedisReport(const TerminusSettings& settings)
      : Terminus("report", "redis"), store_(settings, "report"), keep_(settings.report_history) {}

  void save(const Request& request, const transaction::Report& report) override {
    try {
      store_.push_bounded(request.key, report_to_json(report, request.key), keep_);
    } catch (const std::exception& e) {
      throw error(request.key, "cannot save", e.what());
    }
  }

  void destroy(const Request& request) override {
    try {
      store_.remove(request.key);
    } catch (const std::exception& e) {
      throw error(request.key, "cannot destroy", e.what());
    }
  }

 private:
  RedisDocumentStore store_;
  std::size_t keep_;
};

/// report/none: reports go nowhere.
class NoReport : public Terminus<transaction::Report> {
 public:
  NoReport() : Terminus("report", "none") {}
  std::optional<transaction::Report> find(const Request&) override { return std::nullopt; }
  void save(const Request&, const transaction::Report&) override {}
  void destroy(const Request&) override {}
};

}  // namespace

void add_report_termini(Registry<transaction::Report>& registry) {
  registry.add("yaml", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<YamlReport>(settings);
  });
  registry.add("json", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<JsonReport>(settings);
  });
  registry.add("redis", [](const TerminusSettings& settings, const Route&) {
    return std::make_unique<RedisReport>(settings);
  });
  registry.add("none",
               [](const TerminusSettings&, const Route&) { return std::make_unique<NoReport>(); });
}

}  // namespace marionette::indirector
