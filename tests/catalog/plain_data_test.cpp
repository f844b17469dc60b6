// Puppet 8's rich data in a catalog (OpenVox 8's __ptype form) read back as Puppet 7's catalogs
// hold the same values: what the providers read when they apply it.
#include "catalog/plain_data.hpp"

#include <gtest/gtest.h>

namespace marionette::catalog {
namespace {

Catalog with_message(Data message) {
  Catalog catalog;
  Resource notify;
  notify.type = "Notify";
  notify.title = "n";
  notify.parameters["message"] = std::move(message);
  catalog.resources.push_back(notify);
  return catalog;
}

TEST(PlainData, RichValuesBecomePuppet7sStrings) {
  // As OpenVox 8.28 wrote them, and as Puppet 7.23 wrote the same values.
  Catalog rich = with_message(Data::parse(R"j([
    {"__ptype": "Timestamp", "__pvalue": "2024-01-31T00:00:00.000000000 UTC"},
    {"__ptype": "Regexp", "__pvalue": "ab+c"},
    {"__ptype": "Default"},
    {"__ptype": "Hash", "__pvalue": [1, "a", 2, {"__ptype": "SemVer", "__pvalue": "1.0.0"}]},
    {"__ptype": "Deferred", "name": "join", "arguments": [["a", "b"], "-"]},
    {"__ptype": "Sensitive", "__pvalue": "y"}])j"));
  ASSERT_TRUE(has_rich_data(rich));
  Catalog plain = with_plain_data(rich);
  EXPECT_EQ(plain.resources[0].parameters["message"], Data::parse(R"j([
    "2024-01-31T00:00:00.000000000 UTC", "/ab+c/", "default", {"1": "a", "2": "1.0.0"},
    "Deferred({'name' => 'join', 'arguments' => [['a', 'b'], '-']})",
    {"__ptype": "Sensitive", "__pvalue": "y"}])j"));
  EXPECT_FALSE(has_rich_data(plain));
}

TEST(PlainData, ASensitiveInACollectionIsNotRichData) {
  EXPECT_FALSE(
      has_rich_data(with_message(Data::parse(R"j([{"__ptype": "Sensitive", "__pvalue": "y"}])j"))));
}

TEST(PlainData, FieldsOfTheWrongKindAreTextNotACrash) {
  Catalog odd = with_message(Data::parse(
      R"j([{"__ptype": "Regexp", "__pvalue": 5}, {"__ptype": "Deferred", "name": 7}, {"__ptype": "Timestamp"}])j"));
  EXPECT_EQ(with_plain_data(odd).resources[0].parameters["message"],
            Data::parse(R"j(["/5/", "Deferred({'name' => '7', 'arguments' => undef})", "null"])j"));
}

}  // namespace
}  // namespace marionette::catalog
