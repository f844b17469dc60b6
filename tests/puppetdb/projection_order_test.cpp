// The field lists of PuppetDB's refusals, in its order. Expected: PuppetDB 7.12's own
// orderable-columns and projectable-fields of each entity's query, printed by its jar
// (java -cp /usr/share/puppetdb/puppetdb.jar clojure.main, requiring
// puppetlabs.puppetdb.query-eng), and Clojure 1.11's (keys (zipmap KEYS (range))).

#include "puppetdb/projection_order.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace marionette::puppetdb {
namespace {

using Names = std::vector<std::string>;

const std::map<std::string, Names> kOrderable = {
    {"nodes",
     {"latest_report_corrective_change", "deactivated", "expired", "report_environment", "certname",
      "facts_timestamp", "facts_environment", "cached_catalog_status", "latest_report_status",
      "latest_report_hash", "catalog_timestamp", "latest_report_noop_pending", "report_timestamp",
      "latest_report_noop", "catalog_environment", "latest_report_job_id"}},
    {"inventory", {"certname", "timestamp", "environment", "facts", "trusted"}},
    {"fact-paths", {"type", "path", "name", "depth"}},
    {"fact-names", {"name"}},
    {"facts", {"certname", "environment", "name", "value"}},
    {"fact-contents", {"certname", "environment", "path", "name", "value"}},
    {"reports",
     {"receive_time",
      "corrective_change",
      "code_id",
      "noop",
      "certname",
      "puppet_version",
      "hash",
      "cached_catalog_status",
      "transaction_uuid",
      "configuration_version",
      "status",
      "job_id",
      "producer",
      "catalog_uuid",
      "noop_pending",
      "end_time",
      "type",
      "environment",
      "latest_report?",
      "start_time",
      "producer_timestamp",
      "report_format"}},
    {"catalogs",
     {"code_id", "certname", "hash", "transaction_uuid", "job_id", "producer", "catalog_uuid",
      "environment", "version", "producer_timestamp"}},
    {"edges",
     {"certname", "relationship", "source_title", "source_type", "target_title", "target_type"}},
    {"resources",
     {"resource", "certname", "tags", "tag", "exported", "line", "title", "type", "environment",
      "file", "parameters"}},
    {"events",
     {"message",
      "old_value",
      "report_receive_time",
      "corrective_change",
      "containment_path",
      "certname",
      "timestamp",
      "run_end_time",
      "name",
      "configuration_version",
      "new_value",
      "resource_title",
      "status",
      "property",
      "resource_type",
      "line",
      "environment",
      "containing_class",
      "run_start_time",
      "latest_report?",
      "file",
      "report"}},
    {"environments", {"name"}},
    {"producers", {"name"}},
    {"packages", {"package_name", "version", "provider"}},
    {"package-inventory", {"certname", "package_name", "version", "provider"}},
    {"factsets",
     {"timestamp", "facts", "certname", "hash", "producer_timestamp", "producer", "environment"}},
};

const std::map<std::string, Names> kExtractable = {
    {"nodes",
     {"latest_report_corrective_change", "deactivated", "expired", "report_environment", "certname",
      "facts_timestamp", "facts_environment", "cached_catalog_status", "latest_report_status",
      "latest_report_hash", "catalog_timestamp", "latest_report_noop_pending", "report_timestamp",
      "latest_report_noop", "catalog_environment", "latest_report_job_id"}},
    {"inventory", {"certname", "timestamp", "environment", "facts", "trusted"}},
    {"fact-paths", {"type", "path", "name"}},
    {"fact-names", {"name"}},
    {"facts", {"certname", "environment", "name", "value"}},
    {"fact-contents", {"certname", "environment", "path", "name", "value"}},
    {"reports",
     {"receive_time",
      "corrective_change",
      "code_id",
      "noop",
      "certname",
      "puppet_version",
      "hash",
      "cached_catalog_status",
      "transaction_uuid",
      "configuration_version",
      "status",
      "job_id",
      "producer",
      "catalog_uuid",
      "logs",
      "noop_pending",
      "end_time",
      "type",
      "environment",
      "start_time",
      "resource_events",
      "metrics",
      "producer_timestamp",
      "report_format"}},
    {"catalogs",
     {"code_id", "certname", "hash", "transaction_uuid", "job_id", "producer", "catalog_uuid",
      "environment", "edges", "version", "producer_timestamp", "resources"}},
    {"edges",
     {"certname", "relationship", "source_title", "source_type", "target_title", "target_type"}},
    {"resources",
     {"resource", "certname", "tags", "exported", "line", "title", "type", "environment", "file",
      "parameters"}},
    {"events",
     {"message",
      "old_value",
      "report_receive_time",
      "corrective_change",
      "containment_path",
      "certname",
      "timestamp",
      "run_end_time",
      "name",
      "configuration_version",
      "new_value",
      "resource_title",
      "status",
      "property",
      "resource_type",
      "line",
      "environment",
      "containing_class",
      "run_start_time",
      "file",
      "report"}},
    {"environments", {"name"}},
    {"producers", {"name"}},
    {"packages", {"package_name", "version", "provider"}},
    {"package-inventory", {"certname", "package_name", "version", "provider"}},
    {"factsets",
     {"timestamp", "facts", "certname", "hash", "producer_timestamp", "producer", "environment"}},
};

TEST(ProjectionOrder, OrderByColumnsAreListedAsPuppetDbIteratesThem) {
  for (const auto& [entity, columns] : kOrderable)
    EXPECT_EQ(orderable_columns(entity), columns) << entity;
}

TEST(ProjectionOrder, ExtractFieldsAreListedAsPuppetDbIteratesThem) {
  for (const auto& [entity, fields] : kExtractable)
    EXPECT_EQ(extractable_fields(entity), fields) << entity;
}

TEST(ProjectionOrder, HashOrderIsClojuresForTextBeyondAscii) {
  // (seq (set ["a" "b" "é" "𝄞x" "zz" "q1" "q2" "q3" "q4" "q5"])) in Clojure 1.11.
  EXPECT_EQ(clojure_hash_order({"a", "b", "é", "𝄞x", "zz", "q1", "q2", "q3", "q4", "q5"}),
            (Names{"é", "q1", "q5", "𝄞x", "q4", "a", "b", "zz", "q2", "q3"}));
}

TEST(ProjectionOrder, AnEntityWithoutProjectionsHasNoList) {
  EXPECT_TRUE(orderable_columns("nothing").empty());
}

}  // namespace
}  // namespace marionette::puppetdb
