// Reading parts of stored JSON without parsing the rest: what is returned is what parsing
// the whole text gives for those parts, whatever the skipped parts hold.
#include "puppetdb/json_scan.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "puppetdb/packed_resources.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb {
namespace {

using json = nlohmann::json;

TEST(JsonScan, SkipsNestedValuesAndStringsWithEscapedQuotesAndBrackets) {
  const std::string text = R"( {"a": ["x\"]}", {"b": "\\"}, [1, 2.5e3, -3]], "c": null} )";
  const std::size_t end = skip_json_value(text, 0);
  EXPECT_EQ(text.substr(end), " ");
  const std::string scalar = "[12.5e-1,true]";
  EXPECT_EQ(scalar.substr(skip_json_value(scalar, 1)), ",true]");
  // a string ending in an escaped backslash ends at its quote
  const std::string backslash = R"(["a\\", "b"])";
  EXPECT_EQ(backslash.substr(skip_json_value(backslash, 1)), R"(, "b"])");
}

/// The members of `text` named in `wanted`, as a store read asks for a document's fields.
json members_named(std::string_view text, const std::set<std::string, std::less<>>& wanted) {
  return json_members_where(text, [&](std::string_view name) { return wanted.count(name) > 0; });
}

TEST(JsonScan, MembersAreThoseWantedAsParsingTheWholeGivesThem) {
  const json whole = {
      {"certname", "node\"01\\"},
      {"deactivated", nullptr},
      {"latest_report_events", json::array({json::array({"failure", "File", "/tmp/a \"b\" ]}",
                                                         nullptr, "content", "Main"})})},
      {"node_id", 42},
      {"noop", false},
      {"ratio", 0.5},
      {"unicode", "caf\u00e9 \u2603"},
      {"quo\"ted", "x"},
      {"skipped", {{"deep", json::array({"]", "}", "\\"})}}}};
  const std::string text = whole.dump();
  const json got =
      members_named(text, {"certname", "deactivated", "latest_report_events", "node_id", "noop",
                           "ratio", "unicode", "quo\"ted", "absent"});
  json expected = whole;
  expected.erase("skipped");
  EXPECT_EQ(got, expected);
  EXPECT_EQ(members_named(text, {}), json::object());
  EXPECT_EQ(members_named("{}", {"a"}), json::object());
  EXPECT_EQ(members_named(R"({ "a" : [ 1 , 2 ] , "b" : "\u0041" })", {"a", "b"}),
            json({{"a", {1, 2}}, {"b", "A"}}));
}

TEST(JsonScan, MembersWhereANameTestAcceptsThemAreParsedTheOthersSkipped) {
  const std::string text = R"({"networking": {"ip": "10.0.0.1"}, "os": {"family": "Debian"},)"
                           R"( "hostname": "web1", "quo\"os": 1})";
  auto holding = [&](std::string_view word) {
    return json_members_where(
        text, [&](std::string_view name) { return name.find(word) != std::string_view::npos; });
  };
  EXPECT_EQ(holding("os"), json::parse(R"({"os": {"family": "Debian"}, "hostname": "web1",)"
                                       R"( "quo\"os": 1})"));
  EXPECT_EQ(holding("work"), json::parse(R"({"networking": {"ip": "10.0.0.1"}})"));
  EXPECT_EQ(holding("absent"), json::object());
}

TEST(JsonScan, ElementsOfAnArrayInOrder) {
  std::vector<std::string> seen;
  for_each_json_element(R"([ "a\"]", [1, [2]], {"k": "]"}, null ])", [&](std::string_view e) {
    seen.emplace_back(e);
    return true;
  });
  EXPECT_EQ(seen, (std::vector<std::string>{R"("a\"]")", "[1, [2]]", R"({"k": "]"})", "null"}));
  std::size_t calls = 0;
  for_each_json_element("[1,2,3]", [&](std::string_view) { return ++calls < 2; });
  EXPECT_EQ(calls, 2u);
  for_each_json_element("[]", [&](std::string_view) { return ++calls > 0; });
  EXPECT_EQ(calls, 2u);
}

TEST(JsonScan, MembersUntilOneSaysStop) {
  // the members after the one that says stop are not stepped over: a malformed one there
  // is never seen
  std::vector<std::string> names;
  for_each_json_member_while(R"({"a": {"x": "}"}, "b": 2, "c": "unterminated})",
                             [&](std::string_view name, std::string_view) {
                               names.emplace_back(name);
                               return name != "\"b\"";
                             });
  EXPECT_EQ(names, (std::vector<std::string>{"\"a\"", "\"b\""}));
  EXPECT_THROW(for_each_json_member_while(R"({"a": 1, "c": "unterminated})",
                                          [](std::string_view, std::string_view) { return true; }),
               StoreError);
}

TEST(JsonScan, MalformedTextIsAStoreError) {
  EXPECT_THROW(members_named(R"({"a": "unterminated)", {"a"}), StoreError);
  EXPECT_THROW(members_named(R"(["not", "an", "object"])", {"a"}), StoreError);
  EXPECT_THROW(members_named(R"({"a": [1, 2})", {"b"}), StoreError);
  EXPECT_THROW(members_named(R"({"a": nul})", {"a"}), StoreError);
  EXPECT_THROW(for_each_json_element(R"([1, 2)", [](std::string_view) { return true; }),
               StoreError);
}

TEST(JsonScan, AResourceGroupReadForOneTitleParsesOnlyThatTitlesTuples) {
  const json group = json::array(
      {json::array({"Role::Web", json::array({"class"}), false, nullptr, nullptr, {{"port", 80}}}),
       json::array({"Quote\"d \\ [x]", json::array({"class"}), false, "/x.pp", 3, json::object()}),
       json::array({"Role::Web2", json::array(), true, nullptr, nullptr, json::object()})});
  const std::string packed = group.dump();
  for (const std::string title : {"Role::Web", "Quote\"d \\ [x]", "Role::Web2", "None"}) {
    json by_title = json::array(), all = json::array();
    unpack_resources("Class", packed, by_title, title);
    unpack_resources("Class", packed, all);
    json expected = json::array();
    for (const json& resource : all)
      if (resource["title"] == title) expected.push_back(resource);
    EXPECT_EQ(by_title, expected) << title;
    EXPECT_EQ(by_title.size(), title == "None" ? 0u : 1u);
  }
  // a title written with an escape the dump would not use (\u0041 for A) still matches
  json escaped = json::array();
  unpack_resources("Class", R"([["\u0041", [], false, null, null, {}]])", escaped, "A");
  ASSERT_EQ(escaped.size(), 1u);
  EXPECT_EQ(escaped[0]["title"], "A");
}

TEST(JsonScan, AStringIsWrittenAsTheDumpWritesIt) {
  for (const std::string& text :
       {std::string("web01.example.com"), std::string(""), std::string("a \"quoted\" name"),
        std::string("back\\slash"), std::string("tab\there"), std::string("del\x7f"),
        std::string("caf\xc3\xa9"), std::string("bad \xff byte"), std::string(1, '\0')}) {
    std::string out = "[";
    append_json_string(text, out);
    EXPECT_EQ(out, "[" + json(text).dump(-1, ' ', false, json::error_handler_t::replace)) << text;
  }
}

}  // namespace
}  // namespace marionette::puppetdb
