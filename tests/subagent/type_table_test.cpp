#include "subagent/type_table.hpp"

#include <gtest/gtest.h>

#include "fixed_snapshot.hpp"

namespace marionette::subagent {
namespace {

const Oid kTypeTableRoot = {1, 3, 6, 1, 4, 1, 8072, 9999, 9999, 4242};

Oid cell(std::uint32_t column, std::string_view type) {
  Oid oid = join(kTypeTableRoot, {1, 5, 1, column});
  Oid index = type_row_index(type);
  oid.insert(oid.end(), index.begin(), index.end());
  return oid;
}

TEST(TypeTable, IndexesRowsByTheTypeNameAsAnOctetString) {
  EXPECT_EQ(type_row_index("File"), (Oid{4, 70, 105, 108, 101}));
}

TEST(TypeTable, WalksColumnByColumnWithRowsSortedByIndex) {
  TypeTable table(kTypeTableRoot, fixture::fixed_snapshot());
  ASSERT_EQ(table.cells().size(), type_columns().size() * 2);
  // "Exec" sorts before "File" (same length, 'E' < 'F'); column 2 comes before column 3.
  EXPECT_EQ(table.cells()[0].instance, cell(2, "Exec"));
  EXPECT_EQ(table.cells()[0].value, Value{OctetString{"Exec"}});
  EXPECT_EQ(table.cells()[1].instance, cell(2, "File"));
  EXPECT_EQ(table.cells()[2].instance, cell(3, "Exec"));
  EXPECT_EQ(table.cells()[2].value, Value{Gauge32{20}});
  EXPECT_EQ(table.cells().back().instance, cell(7, "File"));
  EXPECT_EQ(table.cells().back().value, Value{Gauge32{678}});
}

TEST(TypeTable, AnswersGet) {
  TypeTable table(kTypeTableRoot, fixture::fixed_snapshot());
  auto found = table.find(cell(5, "Exec"));
  ASSERT_TRUE(found);
  ASSERT_TRUE(std::holds_alternative<const TypeTable::Cell*>(*found));
  EXPECT_EQ(std::get<const TypeTable::Cell*>(*found)->value, Value{Gauge32{2}});

  auto missing_row = table.find(cell(5, "Notify"));
  ASSERT_TRUE(missing_row);
  EXPECT_EQ(std::get<Miss>(*missing_row), Miss::no_such_instance);
  auto index_column = table.find(cell(1, "Exec"));  // mrnTypeName is not-accessible
  ASSERT_TRUE(index_column);
  EXPECT_EQ(std::get<Miss>(*index_column), Miss::no_such_object);
  EXPECT_FALSE(table.find(join(kTypeTableRoot, {1, 4, 1, 0}))) << "outside the table";
}

TEST(TypeTable, AnswersGetNextFromAnywhere) {
  TypeTable table(kTypeTableRoot, fixture::fixed_snapshot());
  const TypeTable::Cell* first = table.find_next(join(kTypeTableRoot, {1, 4, 13, 0}));
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->instance, cell(2, "Exec"));
  const TypeTable::Cell* next = table.find_next(cell(2, "File"));
  ASSERT_NE(next, nullptr);
  EXPECT_EQ(next->instance, cell(3, "Exec"));
  EXPECT_EQ(table.find_next(cell(7, "File")), nullptr);
}

TEST(TypeTable, IsEmptyWithoutARun) {
  TypeTable table(kTypeTableRoot, metrics::Snapshot{});
  EXPECT_TRUE(table.cells().empty());
  EXPECT_EQ(table.find_next(kTypeTableRoot), nullptr);
}

}  // namespace
}  // namespace marionette::subagent
