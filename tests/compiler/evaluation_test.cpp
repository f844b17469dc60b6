#include <gtest/gtest.h>

#include "compile_helper.hpp"

namespace marionette::compiler {
namespace {

using testing::compile_text;
using testing::message_of;

TEST(Scoping, ClassVariablesQualifiedAndInherited) {
  EXPECT_EQ(message_of(R"("${app::port} ${port_seen}")",
                       "class app::params { $port = 80 }\n"
                       "class app inherits app::params { $port_copy = $port }\n"
                       "include app\n$port_seen = $app::port_copy")
                .dump(),
            R"("80 80")");
}

TEST(Scoping, ClassCannotSeeCallerLocals) {
  EXPECT_EQ(message_of("$c::seen",
                       "class c { $seen = \"[${local}]\" }\n"
                       "class d { $local = 'x' include c }\ninclude d")
                .dump(),
            R"("[]")");
}

TEST(Scoping, TopScopeAndFactsVisibleInClasses) {
  EXPECT_EQ(
      message_of("$c::v",
                 "$top = 't'\nclass c { $v = \"${top} ${os['family']} ${::top}\" }\ninclude c")
          .dump(),
      R"("t Debian t")");
}

TEST(Scoping, RegexCapturesInBody) {
  EXPECT_EQ(message_of("$r", "if 'web01' =~ /^([a-z]+)(\\d+)$/ { $r = \"${1}-${2}\" }").dump(),
            R"("web-01")");
}

TEST(Conditionals, CaseAndSelector) {
  EXPECT_EQ(message_of("[$a, $b]",
                       "case 'Debian' { 'redhat': { $a = 1 } 'debian', 'ubuntu': { $a = 2 } "
                       "default: { $a = 3 } }\n"
                       "$b = 8080 ? { Integer[1, 1023] => 'low', Integer => 'high' }")
                .dump(),
            R"([2,"high"])");
}

TEST(Classes, ParametersDefaultsAndOrder) {
  auto catalog = compile_text(
      "class app (String $v = '1', Integer $w = 4, Optional[String] $x = undef) {}\n"
      "class { 'app': w => 8 }");
  const catalog::Resource* app = catalog.find("Class[App]");
  ASSERT_NE(app, nullptr);
  EXPECT_EQ(app->parameters.dump(), R"({"w":8,"v":"1"})");
  EXPECT_EQ(app->kind, "class");
  EXPECT_EQ(app->line, 2);
}

TEST(Classes, IncludeIsIdempotentAndTagsFollowTheIncluder) {
  auto catalog = compile_text(
      "class base { file { '/b': } }\nclass app { include base }\ninclude app\ninclude base, app");
  ASSERT_EQ(catalog.classes, (std::vector<std::string>{"settings", "app", "base"}));
  const catalog::Resource* file = catalog.find("File[/b]");
  ASSERT_NE(file, nullptr);
  EXPECT_EQ(file->tags, (std::vector<std::string>{"file", "class", "base", "app"}));
}

TEST(Classes, ClassifierClassesAreDeclaredInTheNodeScope) {
  // As Puppet 7.23 with an exec node terminus: they see the node's variables and take its tags.
  auto catalog = compile_text(
      "class c { notify { \"c v=${v} node=${tagged('node')}\": } }\n"
      "class p($x) { notify { \"p ${x} v=${v}\": } }\n"
      "node default { $v = 'x' }\n",
      {{"c", facts::Facts::parse("{}")}, {"p", facts::Facts::parse(R"({"x": "given"})")}});
  EXPECT_NE(catalog.find("Notify[c v=x node=true]"), nullptr);
  EXPECT_NE(catalog.find("Notify[p given v=x]"), nullptr);
}

TEST(DefinedTypes, TitleNameAndDeferredEvaluation) {
  auto catalog = compile_text(
      "define site ($port = 80, $label = $name) { notify { \"${title}:${port}:${label}\": } }\n"
      "site { 'a': }\nnotify { 'after': }");
  ASSERT_GE(catalog.resources.size(), 6u);
  EXPECT_EQ(catalog.resources[3].ref(), "Site[a]");
  EXPECT_EQ(catalog.resources[4].ref(), "Notify[after]");
  EXPECT_EQ(catalog.resources[5].ref(), "Notify[a:80:a]");
  EXPECT_EQ(catalog.resources[3].kind, "defined_type");
}

TEST(Relationships, ArrowsBecomeParametersOnTheSource) {
  auto catalog = compile_text(
      "notify { 'a': } notify { 'b': } notify { 'c': require => Notify['a'] }\n"
      "Notify['a'] -> Notify['b'] ~> Notify['c']\nNotify['c'] <- Notify['b']");
  EXPECT_EQ(catalog.find("Notify[a]")->parameters.dump(), R"({"before":["Notify[b]"]})");
  EXPECT_EQ(catalog.find("Notify[b]")->parameters.dump(),
            R"({"notify":["Notify[c]"],"before":["Notify[c]"]})");
  EXPECT_EQ(catalog.find("Notify[c]")->parameters.dump(), R"({"require":"Notify[a]"})");
}

TEST(Relationships, CollectorOperandFindsMatchingResources) {
  auto catalog = compile_text(
      "package { ['x', 'y']: }\nnotify { 'n': }\nPackage <| title == 'y' |> -> Notify['n']");
  EXPECT_TRUE(catalog.find("Package[x]")->parameters.empty());
  EXPECT_EQ(catalog.find("Package[y]")->parameters.dump(), R"({"before":["Notify[n]"]})");
}

TEST(Resources, SplatAndDefaultBody) {
  auto catalog = compile_text(
      "$h = { 'ensure' => 'running', 'enable' => true }\nservice { 'a': * => $h }\n"
      "file { default: mode => '0600'; '/x': owner => 'root' }");
  EXPECT_EQ(catalog.find("Service[a]")->parameters.dump(), R"({"ensure":"running","enable":true})");
  EXPECT_EQ(catalog.find("File[/x]")->parameters.dump(), R"({"owner":"root","mode":"0600"})");
}

TEST(Catalog, FixedResourcesComeFirst) {
  auto catalog = compile_text("");
  ASSERT_EQ(catalog.resources.size(), 3u);
  EXPECT_EQ(catalog.resources[0].ref(), "Stage[main]");
  EXPECT_EQ(catalog.resources[1].ref(), "Class[Settings]");
  EXPECT_EQ(catalog.resources[1].kind, "unknown");
  EXPECT_TRUE(catalog.resources[1].parameters.empty());
  EXPECT_EQ(catalog.resources[2].parameters.dump(), R"({"name":"main"})");
  EXPECT_EQ(catalog.name, "web01.example.com");
  EXPECT_EQ(catalog.catalog_uuid.size(), 36u);
}

TEST(ResourceValues, AResourceExpressionGivesAnArrayOfReferences) {
  // As Puppet 7: an array for one title too; `each` ignores its lambda's value (none is made)
  // and returns its argument; `map` and `with` keep the lambda's value.
  EXPECT_EQ(message_of("\"${o}\"", "$o = notify { 'o': }").dump(), R"("[Notify['o']]")");
  EXPECT_EQ(message_of("$e", "$e = [1, 2].each |$i| { notify { \"e${i}\": } }").dump(), R"([1,2])");
  EXPECT_EQ(message_of("\"${m}\"", "$m = [1, 2].map |$i| { notify { \"m${i}\": } }").dump(),
            R"("[[Notify['m1']], [Notify['m2']]]")");
  EXPECT_EQ(message_of("\"${w}\"", "$w = with(1) |$i| { notify { 'w': } }").dump(),
            R"("[Notify['w']]")");
}

TEST(ResourceValues, AnAssignmentTakesTheWholeRelationship) {
  EXPECT_EQ(message_of("\"${t}\"", "notify { 'x': }\n$t = Notify['x'] -> notify { 'y': }").dump(),
            R"("[Notify['y']]")");
}

}  // namespace
}  // namespace marionette::compiler
