#include <gtest/gtest.h>

#include "facts/facts.hpp"
#include "facts/native_parts.hpp"

/// gather_native() runs groups of facts; asked for names, it runs only the groups that add them.
namespace marionette::facts {
namespace {

TEST(FactGroups, EveryGatheredFactIsClaimedByTheGroupThatAddsIt) {
  for (const auto& group : native::fact_groups()) {
    Facts added = Facts::object();
    group.add(added);
    for (const auto& [name, _] : added.items()) {
      EXPECT_TRUE(native::group_provides(group, name)) << group.name << " adds " << name;
      for (const auto& other : native::fact_groups()) {
        if (&other != &group) {
          EXPECT_FALSE(native::group_provides(other, name)) << other.name << " claims " << name;
        }
      }
    }
  }
}

TEST(FactGroups, NamedFactsGatherOnlyTheirGroups) {
  const Facts os = gather_native({"os.release.major"});
  EXPECT_TRUE(os.contains("os"));
  EXPECT_TRUE(os.contains("osfamily"));
  EXPECT_FALSE(os.contains("networking"));
  EXPECT_FALSE(os.contains("mountpoints"));
  EXPECT_FALSE(os.contains("kernel"));

  const Facts two = gather_native({"kernel", "ipaddress_lo"});
  EXPECT_TRUE(two.contains("kernelrelease"));
  EXPECT_TRUE(two.contains("networking"));
  EXPECT_FALSE(two.contains("memory"));

  EXPECT_TRUE(gather_native({"no_such_fact"}).empty());
}

TEST(FactGroups, AllGroupsTogetherGiveWhatEachGives) {
  const Facts all = gather_native();
  for (const auto& group : native::fact_groups()) {
    Facts added = Facts::object();
    group.add(added);
    for (const auto& [name, _] : added.items()) EXPECT_TRUE(all.contains(name)) << name;
  }
  std::vector<std::string> keys;
  for (const auto& [name, _] : all.items()) keys.push_back(name);
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
}

TEST(SortedFacts, SortsEveryLevelAndKeepsValues) {
  const Facts sorted = native::sorted_facts(Facts::parse(
      R"({"b": {"y": 1, "x": [3, {"q": 1, "p": 2}]}, "a": null})", nullptr, true, false));
  EXPECT_EQ(sorted.dump(), R"({"a":null,"b":{"x":[3,{"q":1,"p":2}],"y":1}})");
}

}  // namespace
}  // namespace marionette::facts
