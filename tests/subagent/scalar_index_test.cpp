#include "subagent/scalar_index.hpp"

#include <gtest/gtest.h>

#include "subagent/oids.hpp"

namespace marionette::subagent {
namespace {

Value zero(const metrics::Snapshot&, Instant) {
  return Gauge32{0};
}

const MibObject kObjects[] = {
    {{1, 1, 1}, Syntax::gauge32, "first", zero},
    {{1, 1, 2}, Syntax::gauge32, "second", zero},
    {{1, 6, 1}, Syntax::gauge32, "third", zero},
};

const Oid kRoot = {1, 3, 6, 1, 4, 1, 99};

Oid under_root(Oid suffix) {
  return join(kRoot, suffix);
}

std::string_view name_of(const ScalarIndex::Entry* entry) {
  return entry ? entry->object->name : "(end)";
}

TEST(ScalarIndex, GetFindsTheInstanceZeroOfAnObject) {
  ScalarIndex index(kRoot, kObjects);
  auto found = index.find(under_root({1, 1, 2, 0}));
  ASSERT_TRUE(std::holds_alternative<const ScalarIndex::Entry*>(found));
  EXPECT_EQ(std::get<const ScalarIndex::Entry*>(found)->object->name, "second");
}

TEST(ScalarIndex, GetTellsNoSuchInstanceFromNoSuchObject) {
  ScalarIndex index(kRoot, kObjects);
  EXPECT_EQ(std::get<Miss>(index.find(under_root({1, 1, 2}))), Miss::no_such_instance);
  EXPECT_EQ(std::get<Miss>(index.find(under_root({1, 1, 2, 1}))), Miss::no_such_instance);
  EXPECT_EQ(std::get<Miss>(index.find(under_root({1, 1, 2, 0, 0}))), Miss::no_such_instance);
  EXPECT_EQ(std::get<Miss>(index.find(under_root({1, 1, 3, 0}))), Miss::no_such_object);
  EXPECT_EQ(std::get<Miss>(index.find(under_root({1, 1}))), Miss::no_such_object);
  EXPECT_EQ(std::get<Miss>(index.find(kRoot)), Miss::no_such_object);
}

TEST(ScalarIndex, GetNextWalksInOidOrder) {
  ScalarIndex index(kRoot, kObjects);
  EXPECT_EQ(name_of(index.find_next({1, 3})), "first");
  EXPECT_EQ(name_of(index.find_next(kRoot)), "first");
  EXPECT_EQ(name_of(index.find_next(under_root({1, 1, 1}))), "first");
  EXPECT_EQ(name_of(index.find_next(under_root({1, 1, 1, 0}))), "second");
  EXPECT_EQ(name_of(index.find_next(under_root({1, 1, 1, 7, 7}))), "second");
  EXPECT_EQ(name_of(index.find_next(under_root({1, 2}))), "third");
  EXPECT_EQ(name_of(index.find_next(under_root({1, 6, 1, 0}))), "(end)");
  EXPECT_EQ(name_of(index.find_next(under_root({2}))), "(end)");
}

TEST(ScalarIndex, InstancesAreRootSuffixAndZero) {
  ScalarIndex index(kRoot, kObjects);
  ASSERT_EQ(index.entries().size(), 3u);
  EXPECT_EQ(index.entries()[2].instance, under_root({1, 6, 1, 0}));
}

TEST(ScalarIndex, TheDefaultRootParses) {
  std::optional<Oid> root = parse_oid(kRootOid);
  ASSERT_TRUE(root);
  EXPECT_EQ(to_string(*root), kRootOid);
}

}  // namespace
}  // namespace marionette::subagent
