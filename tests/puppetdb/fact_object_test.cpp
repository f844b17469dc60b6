// A node's fact values as the store keeps them (layout 10): the short facts and the long ones
// in two pieces, so that a query by a short fact inflates only its piece; read back as the
// values' own dump, and an earlier layout's whole object read as it is.
#include "puppetdb/fact_object.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>

#include "puppetdb/store.hpp"
#include "puppetdb/stored_text.hpp"

namespace marionette::puppetdb::testing {
namespace {

using json = nlohmann::json;

/// Facter-like values: short facts, and long ones (networking, ssh, mountpoints) past
/// kLargeFactFrom.
json values() {
  json interfaces = json::object();
  for (const char* name : {"eth0", "eth1", "lo"})
    interfaces[name] = {{"ip", "10.0.0.7"}, {"mac", "52:54:00:12:34:56"}, {"mtu", 1500}};
  return {{"datacenter", "dc2"},
          {"kernel", "Linux"},
          {"role", "role07"},
          {"uptime_seconds", 4242},
          {"is_virtual", true},
          {"load_averages", {{"1m", 0.5}}},
          {"networking", {{"interfaces", interfaces}, {"primary", "eth0"}}},
          {"ssh", {{"ed25519", {{"key", std::string(120, 'A')}, {"type", "ssh-ed25519"}}}}},
          {"mountpoints", {{"/", {{"device", "/dev/vda1"}, {"filesystem", "ext4"}}}}}};
}

auto named(std::set<std::string> names) {
  return [names = std::move(names)](std::string_view name) {
    return names.count(std::string(name)) > 0;
  };
}

TEST(FactObject, ItsTwoPiecesReadBackAsTheValuesDump) {
  const json facts = values();
  const std::string stored = stored_fact_object(facts);
  ASSERT_EQ(static_cast<unsigned char>(stored[0]), 0x02);
  // both pieces deflated with the facts' dictionary: smaller than the text by far
  EXPECT_LT(stored.size() * 2, facts.dump().size());
  // and little more than the whole object deflated as one stream: the long facts' piece is
  // deflated with the short ones' text after the dictionary
  const std::string one_stream = stored_text(facts.dump(), kDeflateFieldFrom, facts_dictionary());
  EXPECT_LT(stored.size(), one_stream.size() + 24) << stored.size() << " " << one_stream.size();
  const FactObject object(stored);
  EXPECT_EQ(object.text(), facts.dump());
  EXPECT_EQ(object.members_where(named({"role", "networking", "absent"})),
            json({{"role", "role07"}, {"networking", facts["networking"]}}));
  EXPECT_EQ(object.members_where(named({"kernel"}), 1), json({{"kernel", "Linux"}}));
  EXPECT_EQ(object.members_where([](std::string_view) { return true; }), facts);
}

TEST(FactObject, AShortFactIsReadWithoutInflatingTheLongFactsPiece) {
  const json facts = values();
  std::string stored = stored_fact_object(facts);
  // the long facts' piece is last: its last bytes damaged, it no longer inflates
  for (std::size_t i = stored.size() - 6; i < stored.size(); ++i) stored[i] = '\xff';
  const FactObject object(stored);
  EXPECT_EQ(object.members_where(named({"role", "datacenter"}), 2),
            json({{"datacenter", "dc2"}, {"role", "role07"}}));
  EXPECT_EQ(object.text(named({"role"}), 1), R"({"role":"role07"})");
  // a name it does not hold, or a long fact, is looked for in the damaged piece
  EXPECT_THROW(object.members_where(named({"role", "absent"}), 2), StoreError);
  EXPECT_THROW(object.text(named({"role", "absent"}), 2), StoreError);
  EXPECT_THROW(object.members_where(named({"ssh"}), 1), StoreError);
  EXPECT_THROW(object.text(), StoreError);
}

TEST(FactObject, OsIsReadWithoutTheLongFactsPieceUnlessItIsPastItsBound) {
  // facter's os fact: past kLargeFactFrom, yet kept with the short facts
  json facts = values();
  facts["os"] = {{"architecture", "amd64"},
                 {"distro",
                  {{"codename", "bookworm"},
                   {"description", "Debian GNU/Linux 12 (bookworm)"},
                   {"id", "Debian"},
                   {"release", {{"full", "12.8"}, {"major", "12"}, {"minor", "8"}}}}},
                 {"family", "Debian"},
                 {"name", "Debian"},
                 {"release", {{"full", "12.8"}, {"major", "12"}, {"minor", "8"}}},
                 {"selinux", {{"enabled", false}}}};
  ASSERT_GE(facts["os"].dump().size(), kLargeFactFrom);
  auto damaged = [](const json& values) {
    std::string stored = stored_fact_object(values);
    for (std::size_t i = stored.size() - 6; i < stored.size(); ++i) stored[i] = '\xff';
    return stored;
  };
  const FactObject object(damaged(facts));
  EXPECT_EQ(object.members_where(named({"os", "role"}), 2),
            json({{"os", facts["os"]}, {"role", "role07"}}));
  EXPECT_EQ(FactObject(stored_fact_object(facts)).text(), facts.dump());
  // one past its bound (a node's own, however large) goes with the long facts
  facts["os"]["padding"] = std::string(kSmallOsFactUpTo, 'x');
  EXPECT_THROW(FactObject(damaged(facts)).members_where(named({"os"}), 1), StoreError);
  EXPECT_EQ(FactObject(stored_fact_object(facts)).text(), facts.dump());
}

TEST(FactObject, NamesThatNeedEscapesMergeInTheOrderNlohmannWritesThem) {
  // "ab" before "ab!" (by the names' bytes, though the quote after "ab" is the larger byte),
  // escaped and non-ASCII names, long and short facts interleaved
  json facts = {{"ab", std::string(200, 'x')},
                {"ab!", 1},
                {"a\"b", std::string(150, 'y')},
                {"a b", 2},
                {"a\\b", "short"},
                {"\xc3\xa9t\xc3\xa9", 3},
                {"zz", json::array({std::string(130, 'z')})}};
  const std::string stored = stored_fact_object(facts);
  ASSERT_EQ(static_cast<unsigned char>(stored[0]), 0x02);
  EXPECT_EQ(FactObject(stored).text(), facts.dump());
  EXPECT_EQ(FactObject(stored).members_where(named({"a\"b", "ab!"})),
            json({{"a\"b", facts["a\"b"]}, {"ab!", 1}}));
  // the text of some of them: those members, merged in the same order
  const json some = {{"ab", facts["ab"]}, {"ab!", 1}, {"a\\b", "short"}};
  EXPECT_EQ(FactObject(stored).text(named({"ab", "ab!", "a\\b", "absent"})), some.dump());
}

TEST(FactObject, AnEarlierLayoutsWholeObjectAndAShortObjectReadAsTheyAre) {
  const json facts = values();
  for (const std::string& stored :
       {stored_text(facts.dump(), kDeflateFieldFrom, facts_dictionary()), facts.dump()}) {
    const FactObject object(stored);
    EXPECT_EQ(object.text(), facts.dump());
    EXPECT_EQ(object.members_where(named({"kernel", "ssh"})),
              json({{"kernel", "Linux"}, {"ssh", facts["ssh"]}}));
  }
  // under kDeflateFieldFrom bytes: the text itself
  const json few = {{"kernel", "Linux"}};
  EXPECT_EQ(stored_fact_object(few), few.dump());
  EXPECT_EQ(FactObject(stored_fact_object(few)).text(), few.dump());
}

/// What for_each_member gives, as an object of the values' texts parsed (the names parsed).
json members_met(const FactObject& object, const std::function<bool(std::string_view)>& wanted,
                 std::size_t accepted) {
  json met = json::object();
  object.for_each_member(wanted, accepted, [&](std::string_view written, std::string_view value) {
    met[json::parse(written).get<std::string>()] = json::parse(value);
  });
  return met;
}

TEST(FactObject, EachMemberIsMetAsItsTextWithoutTheRestMade) {
  const json facts = values();
  std::string stored = stored_fact_object(facts);
  for (const std::string& form :
       {stored, stored_text(facts.dump(), kDeflateFieldFrom, facts_dictionary()), facts.dump()}) {
    const FactObject object(form);
    EXPECT_EQ(members_met(object, named({"role", "networking", "absent"}), 3),
              json({{"role", "role07"}, {"networking", facts["networking"]}}));
    EXPECT_EQ(members_met(
                  object, [](std::string_view) { return true; }, 0),
              facts);
  }
  // the short facts alone, when they are all it is asked for: the long piece not inflated
  for (std::size_t i = stored.size() - 6; i < stored.size(); ++i) stored[i] = '\xff';
  EXPECT_EQ(members_met(FactObject(stored), named({"role", "datacenter"}), 2),
            json({{"datacenter", "dc2"}, {"role", "role07"}}));
  EXPECT_THROW(members_met(FactObject(stored), named({"role", "absent"}), 2), StoreError);
  // names written with escapes are offered as parsed
  const json odd = {{"a\"b", std::string(150, 'y')}, {"a\\b", "short"}, {"plain", 1}};
  EXPECT_EQ(members_met(FactObject(stored_fact_object(odd)), named({"a\"b", "a\\b"}), 2),
            json({{"a\"b", odd["a\"b"]}, {"a\\b", "short"}}));
}

TEST(FactObject, AValueNotOfItsFormIsAStoreError) {
  const std::string stored = stored_fact_object(values());
  EXPECT_THROW(FactObject(stored.substr(0, 3)), StoreError);                  // no dictionary
  EXPECT_THROW(FactObject(stored.substr(0, 5)), StoreError);                  // no index
  EXPECT_THROW(FactObject(stored.substr(0, stored.size() - 1)), StoreError);  // cut short
  EXPECT_THROW(FactObject(stored + "x"), StoreError);                         // longer
  EXPECT_THROW(FactObject(std::string("\x02\x00\x00\x00\x00\xff\xff", 7)), StoreError);
  // a dictionary this build does not have
  std::string other = stored;
  other[1] = static_cast<char>(other[1] ^ 0x55);
  EXPECT_THROW(FactObject(other).text(), StoreError);
}

}  // namespace
}  // namespace marionette::puppetdb::testing
