// A node's kept row (node_row.hpp): packed, it writes out as the very text it was made from, for
// PuppetDB's own rows and for any row packing does not fit (kept as its text).
#include "puppetdb/node_row.hpp"

#include <gtest/gtest.h>

#include "puppetdb/store.hpp"
#include "reference_data.hpp"

namespace marionette::puppetdb::testing {
namespace {

using nlohmann::json;

/// PuppetDB 7.12's /nodes rows (tests/puppetdb/reference), as node_answer_text writes a row.
std::vector<std::string> reference_rows() {
  std::vector<std::string> rows;
  const json answers = read_json("answers.json");
  for (const json& row : answers["nodes_all"]["body"]) rows.push_back(row.dump());
  return rows;
}

TEST(NodeRow, PuppetDbsRowsArePackedToAFifthAndWrittenOutAsTheSameText) {
  const std::vector<std::string> rows = reference_rows();
  ASSERT_EQ(rows.size(), 4u);
  for (const std::string& text : rows) {
    const std::string kept = packed_node_row(text);
    EXPECT_LT(kept.size() * 5, text.size()) << text;
    EXPECT_EQ(node_row_text(kept), text);
  }
}

TEST(NodeRow, ARowPackingDoesNotFitIsKeptAsItsText) {
  const json row = json::parse(reference_rows()[0]);
  auto with = [&](const char* field, const json& value) {
    json changed = row;
    changed[field] = value;
    return changed.dump();
  };
  for (const std::string& text : {with("certname", json::object({{"a", 1}})),  // an object
                                  with("not_a_field", 1)}) {  // a field this build does not know
    EXPECT_EQ(packed_node_row(text), text);
    EXPECT_EQ(node_row_text(text), text);
  }
  EXPECT_EQ(packed_node_row("{}"), "{}");
  // a time in another form, a hash in capitals: kept as strings, the same text
  for (const std::string& text :
       {with("facts_timestamp", "2026-11-29T19:26:35Z"),
        with("latest_report_hash", "025C2424774CFDDC4732E468C0F16938664ECA29")}) {
    EXPECT_NE(packed_node_row(text), text);
    EXPECT_EQ(node_row_text(packed_node_row(text)), text);
  }
}

TEST(NodeRow, EscapedStringsNumbersAndTimesFarFromNowArePacked) {
  json row = json::parse(reference_rows()[0]);
  row["latest_report_job_id"] = "q\"uo\\te\n";
  row["certname"] = "caf\u00e9.example.com";
  row["deactivated"] = "1969-12-31T23:59:59.999Z";
  row["expired"] = "9999-12-31T23:59:59.999Z";
  row["latest_report_noop"] = 12;
  const std::string text = row.dump();
  const std::string kept = packed_node_row(text);
  EXPECT_LT(kept.size() * 3, text.size());
  EXPECT_EQ(node_row_text(kept), text);
}

TEST(NodeRow, OneFieldIsReadAsTheWholeRowWritesIt) {
  // every field of every row, packed or kept as its text, read alone: its value's text in
  // the whole row's; a field the row lacks, or no row has, is none
  std::vector<std::string> rows = reference_rows();
  json escaped = json::parse(rows[0]);
  escaped["catalog_environment"] = "q\"uo\\te";
  escaped["facts_environment"] = escaped["catalog_environment"];  // packed as the same value
  escaped.erase("cached_catalog_status");
  rows.push_back(escaped.dump());
  ASSERT_NE(packed_node_row(rows.back()), rows.back());
  for (const std::string& text : rows) {
    const json row = json::parse(text);
    for (const std::string& kept : {packed_node_row(text), text}) {
      for (const auto& [name, value] : row.items())
        EXPECT_EQ(node_row_field(kept, name), std::optional<std::string>(value.dump()))
            << name << " of " << text;
      EXPECT_EQ(node_row_field(kept, "no_such_field"), std::nullopt);
    }
  }
  EXPECT_EQ(node_row_field(packed_node_row(rows.back()), "cached_catalog_status"), std::nullopt);
  EXPECT_EQ(node_row_field(rows.back(), "cached_catalog_status"), std::nullopt);
}

TEST(NodeRow, ADamagedPackedRowIsAStoreError) {
  const std::string kept = packed_node_row(reference_rows()[0]);
  ASSERT_NE(kept, reference_rows()[0]);
  EXPECT_THROW(node_row_text(kept.substr(0, kept.size() - 3)), StoreError);
  EXPECT_THROW(node_row_text(std::string(1, kept[0]) + "\xff"), StoreError);
}

}  // namespace
}  // namespace marionette::puppetdb::testing
