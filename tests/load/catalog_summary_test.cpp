// marionette-load's reading of a catalog: its version and whether it is one, without a document.
#include "catalog_summary.hpp"

#include <gtest/gtest.h>

namespace marionette::load {
namespace {

TEST(CatalogSummary, TakesTheTopLevelVersionOfACatalog) {
  EXPECT_EQ(catalog_version(R"({"tags":["a"],"name":"n","version":1764512345,)"
                            R"("resources":[{"type":"Notify","title":"x","parameters":)"
                            R"({"version":7,"resources":[]}}],"edges":[]})"),
            1764512345);
  EXPECT_EQ(catalog_version(R"({"version":1,"resources":[]})"), 1);
}

TEST(CatalogSummary, AVersionThatIsNoIntegerIsZero) {
  EXPECT_EQ(catalog_version(R"({"resources":[]})"), 0);
  EXPECT_EQ(catalog_version(R"({"version":"abc","resources":[]})"), 0);
  EXPECT_EQ(catalog_version(R"({"version":1.5,"resources":[]})"), 0);
  EXPECT_EQ(catalog_version(R"({"version":{"a":3},"resources":[]})"), 0);
  EXPECT_EQ(catalog_version(R"({"version":3,"resources":[],"version":null})"), 0);
}

TEST(CatalogSummary, RefusesWhatIsNoCatalog) {
  EXPECT_EQ(catalog_version(""), std::nullopt);
  EXPECT_EQ(catalog_version(R"({"version":1})"), std::nullopt);
  EXPECT_EQ(catalog_version(R"([{"resources":[]}])"), std::nullopt);
  EXPECT_EQ(catalog_version(R"({"a":{"resources":[]}})"), std::nullopt);
  // The whole text is parsed: a broken end refuses it.
  EXPECT_EQ(catalog_version(R"({"version":1,"resources":[{"type":"File")"), std::nullopt);
  EXPECT_EQ(catalog_version(R"({"version":1,"resources":[]} trailing)"), std::nullopt);
}

}  // namespace
}  // namespace marionette::load
