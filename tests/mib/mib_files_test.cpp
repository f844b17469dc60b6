// The MIB, the OpenNMS definitions and the code's OID table describe the same objects, and
// each file passes its own tool: smilint, snmptranslate, xmllint, rrdtool.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "java_properties.hpp"
#include "mib_module.hpp"
#include "subagent/fleet_table.hpp"
#include "subagent/mib_objects.hpp"
#include "subagent/oids.hpp"
#include "subagent/type_table.hpp"
#include "support/command.hpp"

namespace marionette::mibtest {
namespace {

namespace fs = std::filesystem;
using marionette::testing::find_executable;
using marionette::testing::run_command;
using subagent::Syntax;

const fs::path kSource = MARIONETTE_SOURCE_DIR;
const fs::path kShared = MARIONETTE_SHARED_DIR;
const fs::path kMib = kSource / "mibs" / "MARIONETTE-MIB.txt";
const fs::path kDataCollection = kSource / "opennms" / "datacollection" / "marionette.xml";
const fs::path kGraphs =
    kSource / "opennms" / "snmp-graph.properties.d" / "marionette-graph.properties";
const fs::path kBaseMibs = kShared / "validation" / "mibs";
const fs::path kXsd = kShared / "validation" / "opennms" / "datacollection-config.xsd";
/// Where Debian's libsnmp-base keeps NET-SNMP-MIB (for netSnmpPlaypen).
const fs::path kNetSnmpMibs = "/usr/share/snmp/mibs";

#define REQUIRE_TOOL(name)                                                  \
  if (find_executable(name).empty()) GTEST_SKIP() << "no " name " in PATH"; \
  static_assert(true)
#define REQUIRE_FILE(path)                                     \
  if (!fs::exists(path)) GTEST_SKIP() << "missing " << (path); \
  static_assert(true)

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string smipath() {
  return kBaseMibs.string() + ":" + kNetSnmpMibs.string() + ":" + (kSource / "mibs").string();
}

/// The code's syntax for a MIB SYNTAX word.
Syntax code_syntax_of(const std::string& mib_syntax) {
  static const std::map<std::string, Syntax> kMap = {
      {"DisplayString", Syntax::octet_string},
      {"TimeTicks", Syntax::timeticks},
      {"INTEGER", Syntax::integer32},
      {"Integer32", Syntax::integer32},
      {"TruthValue", Syntax::integer32},
      {"Unsigned32", Syntax::gauge32},
      {"Gauge32", Syntax::gauge32},
      {"Counter64", Syntax::counter64},
  };
  auto it = kMap.find(mib_syntax);
  if (it == kMap.end()) throw std::runtime_error("unmapped SYNTAX " + mib_syntax);
  return it->second;
}

/// The OpenNMS mibObj type for a MIB SYNTAX word.
std::string opennms_type_of(const std::string& mib_syntax) {
  switch (code_syntax_of(mib_syntax)) {
    case Syntax::octet_string:
      return "string";
    case Syntax::timeticks:
      return "timeticks";
    case Syntax::integer32:
      return "integer";
    case Syntax::gauge32:
      return "gauge";
    case Syntax::counter64:
      return "counter";
  }
  return "?";
}

bool is_type_column(const MibObjectType& object) {
  return subagent::starts_with(object.suffix, subagent::kTypeEntrySuffix);
}
bool is_fleet_column(const MibObjectType& object) {
  return subagent::starts_with(object.suffix, subagent::kFleetEntrySuffix);
}
bool is_column(const MibObjectType& object) {
  return is_type_column(object) || is_fleet_column(object);
}
bool is_scalar(const MibObjectType& object) {
  return object.access == "read-only" && !is_column(object);
}
/// The objects an SNMP manager can read: scalars and table columns.
std::vector<MibObjectType> accessible(const MibModule& module) {
  std::vector<MibObjectType> objects;
  for (const MibObjectType& object : module.objects) {
    if (object.access == "read-only") objects.push_back(object);
  }
  return objects;
}

/// OpenNMS's resourceType for the per-type table, and for the fleet table.
const std::string kTypeResource = "marionetteType";
const std::string kNodeResource = "marionetteNode";

struct CollectedObject {
  std::string oid, instance, alias, type;
};

/// The mibObj elements of the datacollection group, by alias.
std::map<std::string, CollectedObject> collected_objects() {
  const std::string xml = read_text(kDataCollection);
  static const std::regex kElement(R"(<mibObj\s([^>]*)/>)");
  static const std::regex kAttribute(R"re((\w+)="([^"]*)")re");
  std::map<std::string, CollectedObject> objects;
  for (std::sregex_iterator e(xml.begin(), xml.end(), kElement), end; e != end; ++e) {
    std::map<std::string, std::string> attributes;
    const std::string body = (*e)[1];
    for (std::sregex_iterator a(body.begin(), body.end(), kAttribute); a != end; ++a) {
      attributes[(*a)[1]] = (*a)[2];
    }
    CollectedObject object{attributes["oid"], attributes["instance"], attributes["alias"],
                           attributes["type"]};
    objects[object.alias] = object;
  }
  return objects;
}

TEST(MibFiles, SmilintReportsNothing) {
  REQUIRE_TOOL("smilint");
  REQUIRE_FILE(kBaseMibs);
  REQUIRE_FILE(kNetSnmpMibs / "NET-SNMP-MIB.txt");
  auto lint = run_command({"smilint", "-l", "6", "-s", kMib.string()}, std::chrono::seconds(30),
                          {{"SMIPATH", smipath()}});
  EXPECT_EQ(lint.exit_code, 0);
  EXPECT_EQ(lint.out + lint.err, "");
}

TEST(MibFiles, TheModuleIdentityIsTheCodesRootOid) {
  REQUIRE_TOOL("snmptranslate");
  REQUIRE_FILE(kBaseMibs);
  REQUIRE_FILE(kNetSnmpMibs / "NET-SNMP-MIB.txt");
  MibModule module = read_mib_module(kMib);
  auto translated = run_command({"snmptranslate", "-M", "+" + smipath(), "-m", "MARIONETTE-MIB",
                                 "-On", "MARIONETTE-MIB::" + module.identity});
  EXPECT_EQ(translated.out, std::string(subagent::kRootOid) + "\n") << translated.err;
}

TEST(MibFiles, SnmptranslateResolvesEveryObjectWhereTheCodeServesIt) {
  REQUIRE_TOOL("snmptranslate");
  REQUIRE_FILE(kBaseMibs);
  REQUIRE_FILE(kNetSnmpMibs / "NET-SNMP-MIB.txt");
  MibModule module = read_mib_module(kMib);
  std::vector<std::string> args = {"snmptranslate",  "-M", "+" + smipath(), "-m",
                                   "MARIONETTE-MIB", "-On"};
  std::string expected;
  for (const MibObjectType& object : module.objects) {
    args.push_back("MARIONETTE-MIB::" + object.name);
    expected += std::string(subagent::kRootOid) + subagent::to_string(object.suffix) + "\n";
  }
  auto translated = run_command(args);
  std::string lines;  // snmptranslate separates answers with blank lines
  std::istringstream out(translated.out);
  for (std::string line; std::getline(out, line);) {
    if (!line.empty()) lines += line + "\n";
  }
  EXPECT_EQ(lines, expected) << translated.err;
}

TEST(MibFiles, TheMibAndTheCodeServeTheSameObjects) {
  MibModule module = read_mib_module(kMib);
  std::map<std::string, const MibObjectType*> in_mib;
  for (const MibObjectType& object : module.objects) {
    if (is_scalar(object)) in_mib[object.name] = &object;
  }

  std::set<std::string> in_code;
  for (const subagent::MibObject& object : subagent::mib_objects()) {
    const std::string name(object.name);
    SCOPED_TRACE(name);
    in_code.insert(name);
    ASSERT_TRUE(in_mib.contains(name)) << "served but not in the MIB";
    EXPECT_EQ(subagent::to_string(in_mib[name]->suffix), subagent::to_string(object.suffix));
    EXPECT_EQ(code_syntax_of(in_mib[name]->syntax), object.syntax) << in_mib[name]->syntax;
  }
  for (const auto& [name, object] : in_mib) {
    EXPECT_TRUE(in_code.contains(name)) << name << " is in the MIB but not served";
  }
}

TEST(MibFiles, TheMibAndTheCodeServeTheSameTypeTableColumns) {
  MibModule module = read_mib_module(kMib);
  std::map<std::string, const MibObjectType*> in_mib;
  for (const MibObjectType& object : module.objects) {
    if (is_type_column(object) && object.access == "read-only") in_mib[object.name] = &object;
  }
  ASSERT_EQ(in_mib.size(), subagent::type_columns().size());
  for (const subagent::TypeColumn& column : subagent::type_columns()) {
    const std::string name(column.name);
    SCOPED_TRACE(name);
    ASSERT_TRUE(in_mib.contains(name)) << "served but not in the MIB";
    subagent::Oid suffix = subagent::kTypeEntrySuffix;
    suffix.push_back(column.column);
    EXPECT_EQ(subagent::to_string(in_mib[name]->suffix), subagent::to_string(suffix));
    EXPECT_EQ(code_syntax_of(in_mib[name]->syntax), column.syntax) << in_mib[name]->syntax;
  }
}

TEST(MibFiles, TheMibAndTheCodeServeTheSameFleetTableColumns) {
  MibModule module = read_mib_module(kMib);
  std::map<std::string, const MibObjectType*> in_mib;
  for (const MibObjectType& object : module.objects) {
    if (is_fleet_column(object) && object.access == "read-only") in_mib[object.name] = &object;
  }
  ASSERT_EQ(in_mib.size(), subagent::fleet_columns().size());
  for (const subagent::FleetColumn& column : subagent::fleet_columns()) {
    const std::string name(column.name);
    SCOPED_TRACE(name);
    ASSERT_TRUE(in_mib.contains(name)) << "served but not in the MIB";
    subagent::Oid suffix = subagent::kFleetEntrySuffix;
    suffix.push_back(column.column);
    EXPECT_EQ(subagent::to_string(in_mib[name]->suffix), subagent::to_string(suffix));
    EXPECT_EQ(code_syntax_of(in_mib[name]->syntax), column.syntax) << in_mib[name]->syntax;
  }
}

TEST(MibFiles, EveryObjectIsInOneGroupAndEveryGroupIsMandatory) {
  MibModule module = read_mib_module(kMib);
  std::map<std::string, int> memberships;
  for (const auto& [group, members] : module.groups) {
    for (const std::string& member : members) ++memberships[member];
    EXPECT_NE(std::find(module.mandatory_groups.begin(), module.mandatory_groups.end(), group),
              module.mandatory_groups.end())
        << group;
  }
  for (const MibObjectType& object : module.objects) {
    EXPECT_EQ(memberships[object.name], object.access == "read-only" ? 1 : 0) << object.name;
  }
}

TEST(MibFiles, XmllintValidatesTheDataCollectionGroup) {
  REQUIRE_TOOL("xmllint");
  REQUIRE_FILE(kXsd);
  auto lint =
      run_command({"xmllint", "--noout", "--schema", kXsd.string(), kDataCollection.string()});
  EXPECT_EQ(lint.exit_code, 0) << lint.err;
}

TEST(MibFiles, OpenNmsCollectsEveryObjectAsTheMibDeclaresIt) {
  MibModule module = read_mib_module(kMib);
  std::map<std::string, CollectedObject> collected = collected_objects();
  const std::vector<MibObjectType> objects = accessible(module);
  EXPECT_EQ(collected.size(), objects.size());
  for (const MibObjectType& object : objects) {
    SCOPED_TRACE(object.name);
    ASSERT_TRUE(collected.contains(object.name)) << "alias should be the object's name";
    const CollectedObject& c = collected[object.name];
    EXPECT_EQ(c.oid, std::string(subagent::kRootOid) + subagent::to_string(object.suffix));
    EXPECT_EQ(c.instance, is_type_column(object)    ? kTypeResource
                          : is_fleet_column(object) ? kNodeResource
                                                    : "0");
    EXPECT_LE(c.alias.size(), 19u) << "OpenNMS aliases are RRD DS names";
    EXPECT_EQ(c.type, opennms_type_of(object.syntax));
  }
  EXPECT_NE(read_text(kDataCollection).find("<sysoidMask>.1.3.6.1.4.1.8072.3.</sysoidMask>"),
            std::string::npos);
  EXPECT_NE(read_text(kDataCollection).find("<resourceType name=\"" + kTypeResource + "\""),
            std::string::npos)
      << "the per-type table's columns need their resourceType";
  EXPECT_NE(read_text(kDataCollection).find("<resourceType name=\"" + kNodeResource + "\""),
            std::string::npos)
      << "the fleet table's columns need their resourceType";
}

TEST(MibFiles, TheExampleThresholdsWatchCollectedFiguresAndTheirEventsExist) {
  const fs::path thresholds = kSource / "opennms" / "thresholds" / "marionette-thresholds.xml";
  const fs::path events = kSource / "opennms" / "events" / "marionette.events.xml";
  if (!find_executable("xmllint").empty()) {
    for (const fs::path& file : {thresholds, events}) {
      auto lint = run_command({"xmllint", "--noout", file.string()});
      EXPECT_EQ(lint.exit_code, 0) << file << lint.err;
    }
  }
  const std::map<std::string, CollectedObject> collected = collected_objects();
  const std::string watched = read_text(thresholds);
  const std::string defined = read_text(events);
  static const std::regex kDsName(R"re(ds-name="([^"]+)")re");
  static const std::regex kUei(R"re((?:triggered|rearmed)UEI="([^"]+)")re");
  std::set<std::string> names;
  for (std::sregex_iterator m(watched.begin(), watched.end(), kDsName), end; m != end; ++m) {
    names.insert((*m)[1]);
    EXPECT_TRUE(collected.contains((*m)[1])) << (*m)[1] << " is not collected";
  }
  EXPECT_EQ(names, (std::set<std::string>{"mrnNodesFailed", "mrnNodesStale"}));
  for (std::sregex_iterator m(watched.begin(), watched.end(), kUei), end; m != end; ++m) {
    EXPECT_NE(defined.find("<uei>" + std::string((*m)[1]) + "</uei>"), std::string::npos)
        << (*m)[1] << " has no event";
  }
  // Every fleet notification of the MIB has its trap event.
  for (const char* notification : {"mrnNodeRunFailed", "mrnNodeBecameStale", "mrnNodeRecovered"}) {
    EXPECT_NE(defined.find("/traps/" + std::string(notification) + "</uei>"), std::string::npos)
        << notification;
  }
}

class Graphs : public ::testing::Test {
 protected:
  void SetUp() override {
    properties_ = read_java_properties(kGraphs);
    reports_ = split_list(properties_["reports"]);
  }
  std::map<std::string, std::string> properties_;
  std::vector<std::string> reports_;
};

TEST_F(Graphs, EveryReportIsListedAndComplete) {
  ASSERT_FALSE(reports_.empty());
  std::set<std::string> listed(reports_.begin(), reports_.end());
  EXPECT_EQ(listed.size(), reports_.size()) << "a report is listed twice";
  static const std::regex kKey(R"(report\.(.+)\.(name|columns|type|command|propertiesValues))");
  for (const auto& [key, value] : properties_) {
    std::smatch match;
    if (std::regex_match(key, match, kKey)) {
      EXPECT_TRUE(listed.contains(match[1])) << match[1] << " is defined but not in reports=";
    }
  }
  const std::map<std::string, CollectedObject> collected = collected_objects();
  for (const std::string& report : reports_) {
    SCOPED_TRACE(report);
    for (const char* field : {"name", "columns", "type", "command"}) {
      EXPECT_FALSE(properties_["report." + report + "." + field].empty()) << field;
    }
    // A report draws either node-level scalars or columns of one resource type (a table's).
    const std::string type = properties_["report." + report + ".type"];
    for (const std::string& column : split_list(properties_["report." + report + ".columns"])) {
      ASSERT_TRUE(collected.contains(column)) << column << " is not collected";
      const std::string& instance = collected.at(column).instance;
      EXPECT_EQ(type, instance == "0" ? "nodeSnmp" : instance) << column;
    }
  }
}

TEST_F(Graphs, EveryGraphRendersWithRrdtool) {
  REQUIRE_TOOL("rrdtool");
  const std::map<std::string, CollectedObject> collected = collected_objects();
  const fs::path dir =
      fs::temp_directory_path() / ("marionette-graphs-" + std::to_string(getpid()));
  fs::create_directories(dir);
  struct RemoveOnExit {
    fs::path dir;
    ~RemoveOnExit() { fs::remove_all(dir); }
  } remove_on_exit{dir};
  const std::int64_t end = std::chrono::duration_cast<std::chrono::seconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  const std::int64_t start = end - 24 * 3600;

  for (const std::string& report : reports_) {
    SCOPED_TRACE(report);
    std::string command = properties_["report." + report + ".command"];
    const std::vector<std::string> columns =
        split_list(properties_["report." + report + ".columns"]);
    // One RRD per column, its DS named after the alias (OpenNMS's default, storeByGroup off).
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const fs::path rrd = dir / (columns[i] + ".rrd");
      const bool counter =
          collected.contains(columns[i]) && collected.at(columns[i]).type == "counter";
      auto created = run_command(
          {"rrdtool", "create", rrd.string(), "--start", std::to_string(start), "--step", "300",
           "DS:" + columns[i] + (counter ? ":COUNTER" : ":GAUGE") + ":600:U:U",
           "RRA:AVERAGE:0.5:1:400", "RRA:MIN:0.5:1:400", "RRA:MAX:0.5:1:400"});
      ASSERT_EQ(created.exit_code, 0) << created.err;
      const std::string placeholder = "{rrd" + std::to_string(i + 1) + "}";
      for (std::size_t at; (at = command.find(placeholder)) != std::string::npos;) {
        command.replace(at, placeholder.size(), rrd.string());
      }
    }
    // OpenNMS puts string attributes (the type's label) into titles as {alias}.
    for (const auto& [alias, object] : collected) {
      if (object.type != "string") continue;
      const std::string placeholder = "{" + alias + "}";
      for (std::size_t at; (at = command.find(placeholder)) != std::string::npos;) {
        command.replace(at, placeholder.size(), "File");
      }
    }
    // OpenNMS's command.prefix puts the time range in front of every report's command.
    std::vector<std::string> args = {"rrdtool",     "graph", (dir / (report + ".png")).string(),
                                     "--imgformat", "PNG",   "--start",
                                     "{startTime}", "--end", "{endTime}"};
    for (std::string& arg : split_command(command)) args.push_back(arg);
    for (std::string& arg : args) {
      if (arg == "{startTime}") arg = std::to_string(start);
      if (arg == "{endTime}") arg = std::to_string(end);
      EXPECT_EQ(arg.find('{'), std::string::npos) << "unsubstituted: " << arg;
    }
    auto graph = run_command(args);
    EXPECT_EQ(graph.exit_code, 0) << graph.err;
    EXPECT_GT(fs::file_size(dir / (report + ".png")), 0u);
  }
}

}  // namespace
}  // namespace marionette::mibtest
