// Puppet 8's rich data in a catalog (OpenVox 8's __ptype form) read back as Puppet 7's catalogs
// hold the same values: what the providers read when they apply it.
#include "catalog/plain_data.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

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

Data read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return Data::parse(text.str());
}

/// Puppet 7's text of a type without what Pcore's object does not keep (Sensitive[String] is
/// Sensitive, Boolean[true] Boolean), as an OpenVox 8 agent prints it too.
Data without_lost_parameters(const Data& printed) {
  if (printed.is_array()) {
    Data out = Data::array();
    for (const Data& item : printed) out.push_back(without_lost_parameters(item));
    return out;
  }
  if (!printed.is_string()) return printed;
  std::string text = printed.get<std::string>();
  for (const char* lost : {"Sensitive[String]", "Sensitive[Integer]", "Boolean[true]"})
    if (text == lost) text.resize(text.find('['));
  return text;
}

// A Type in OpenVox 8's catalog (Pcore's object) reads back as the string Puppet 7's catalog holds
// for the same manifest: each notify of golden cases written by both oracles.
TEST(PlainData, PcoreTypesReadBackAsPuppet7PrintsThem) {
  const std::filesystem::path cases = std::filesystem::path(MARIONETTE_GOLDEN_DIR) / "cases";
  int compared = 0;
  for (const char* name : {"type_pcore_form", "type_print", "type_of_values", "type_alias_simple",
                           "type_alias_module", "type_struct_keys", "functions_builtin"}) {
    const Data puppet7 = read_json(cases / name / "expected.json");
    const Data openvox8 = read_json(cases / name / "expected-8.json");
    for (const Data& resource : openvox8["resources"]) {
      if (resource["type"] != "Notify" || !resource.contains("parameters")) continue;
      const Data& message = resource["parameters"]["message"];
      if (message.dump().find("\"Pcore::") == std::string::npos) continue;
      for (const Data& theirs : puppet7["resources"])
        if (theirs["type"] == "Notify" && theirs["title"] == resource["title"]) {
          EXPECT_EQ(plain_data(message), without_lost_parameters(theirs["parameters"]["message"]))
              << name << " Notify[" << resource["title"].get<std::string>() << "]";
          ++compared;
        }
    }
  }
  EXPECT_GE(compared, 15);
}

}  // namespace
}  // namespace marionette::catalog
