#include "lang/parser.hpp"

#include <gtest/gtest.h>

#include "lang/ast/ast.hpp"
#include "lang/ast/dump.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::lang {
namespace {

std::string parsed(const std::string& text) {
  ast::Arena arena;
  Program program = parse(make_source("t.pp", text), arena);
  std::string out;
  for (const ast::Node* s : program.body->statements)
    out += (out.empty() ? "" : "\n") + ast::dump(s);
  return out;
}

struct ParseCase {
  const char* source;
  const char* dump;
};

class ParserDump : public ::testing::TestWithParam<ParseCase> {};

TEST_P(ParserDump, Produces) {
  EXPECT_EQ(parsed(GetParam().source), GetParam().dump);
}

INSTANTIATE_TEST_SUITE_P(
    Statements, ParserDump,
    ::testing::Values(
        ParseCase{"file { '/a': ensure => file, mode => '0644' }",
                  R"((resource file ("/a" (ensure => file) (mode => "0644"))))"},
        ParseCase{"file { 'a': ; 'b': owner => root; }",
                  R"((resource file ("a") ("b" (owner => root))))"},
        ParseCase{"package { ['a', 'b']: }", R"((resource package (["a" "b"])))"},
        ParseCase{"service { 'x': * => $h }", R"((resource service ("x" (* => $h))))"},
        ParseCase{"exec { 'x': unless => 'true' }", R"((resource exec ("x" (unless => "true"))))"},
        ParseCase{"@user { 'u': }", R"((@resource user ("u")))"},
        ParseCase{"class { 'app': v => 1 }", R"((resource class ("app" (v => 1))))"},
        ParseCase{"$x = 1 + 2 * 3 - 4", "(= $x (- (+ 1 (* 2 3)) 4))"},
        ParseCase{"$x = !$a and $b or $c == 1", "(= $x (or (and (! $a) $b) (== $c 1)))"},
        ParseCase{"$x = $a =~ /re/", "(= $x (=~ $a /re/))"},
        ParseCase{"$x = 'a' in $b", R"((= $x (in "a" $b)))"}, ParseCase{"$x = -5", "(= $x -5)"},
        ParseCase{"$x = $h['a'][0]", R"((= $x (access (access $h "a") 0)))"},
        ParseCase{"$x = \"v${$a + 1}${b}$c\"", R"((= $x (concat "v" (+ $a 1) $b $c)))"},
        ParseCase{"$x = \"${join($a)}\"", R"((= $x (concat (call join $a))))"},
        ParseCase{"$x = \"${h['k']} ${1}\"", R"((= $x (concat (access $h "k") " " $1)))"},
        ParseCase{"include a, b", "(call include a b)"},
        ParseCase{"notice(join($a, ','))", R"((call notice (call join $a ",")))"},
        ParseCase{"$a.each |$k, $v| { notice($k) }",
                  "(.each $a (lambda ($k $v) (block (call notice $k))))"},
        ParseCase{"A['x'] -> B['y'] ~> C['z']",
                  R"((~> (-> (access A "x") (access B "y")) (access C "z")))"},
        ParseCase{"A['x'] <- B['y']", R"((<- (access A "x") (access B "y")))"},
        ParseCase{"Package <| title == 'x' |> -> Exec['b']",
                  R"((-> (collect Package (== title "x")) (access Exec "b")))"},
        ParseCase{"File { mode => '0644' }", R"((defaults File (mode => "0644")))"},
        ParseCase{"File['/a'] { mode => '0600' }",
                  R"((override (access File "/a") (mode => "0600")))"},
        ParseCase{"if $a { 1 } elsif $b { 2 } else { 3 }",
                  "(if $a (block 1) (if $b (block 2) (block 3)))"},
        ParseCase{"unless $a == File['x'] { 1 }",
                  R"((unless (== $a (access File "x")) (block 1)))"},
        ParseCase{"case $x { 'a', /b/: { 1 } default: { 2 } }",
                  R"((case $x (when ("a" /b/) (block 1)) (when (default) (block 2))))"},
        ParseCase{"$v = $x ? { 'a' => 1, default => 2 }",
                  R"((= $v (? $x ("a" => 1) (default => 2))))"},
        ParseCase{
            "class app (String $v = 'x', Array[String] $p = []) inherits base { }",
            R"((class app (String $v = "x" (access Array String) $p = []) inherits base (block)))"},
        ParseCase{"define d ($a) { }", "(define d ($a) (block))"},
        ParseCase{"node 'a.example.com', /^web/, default { }",
                  R"((node ("a.example.com" /^web/ default) (block)))"}));

std::string error_of(const std::string& text) {
  try {
    parsed(text);
  } catch (const SourceError& e) {
    return render(e);
  }
  return "no error";
}

TEST(ParserErrors, UnexpectedTokenWithCaret) {
  EXPECT_EQ(
      error_of("file { 'a': ensure => }\n"),
      "t.pp:1:23: error: Syntax error at '}'\nfile { 'a': ensure => }\n                      ^\n");
}

TEST(ParserErrors, EndOfInput) {
  EXPECT_EQ(error_of("class a {\n  $x = 1\n"),
            "t.pp:3:1: error: Syntax error at end of input\n\n^\n");
}

TEST(ParserErrors, BadVariableNameUnderlined) {
  EXPECT_EQ(error_of("$x = [1, 2\nnotice($x)"),
            "t.pp:2:1: error: Syntax error at 'notice'\nnotice($x)\n^~~~~~\n");
}

std::string repeated(const std::string& text, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

TEST(ParserErrors, EveryRecursionIsBoundedNotLeftToTheStack) {
  // Each used to recurse without a bound: 50,000 deep overflowed the stack.
  const std::vector<std::string> sources = {
      "$x = " + repeated("!", 50000) + "true\n", "$x = " + repeated("- ", 50000) + "1\n",
      repeated("$a = ", 50000) + "1\n", repeated("class a {\n", 50000),
      "if true { 1 }" + repeated(" elsif true { 1 }", 50000) + "\n"};
  for (const std::string& source : sources)
    EXPECT_NE(error_of(source).find("error: Expressions nested too deeply"), std::string::npos)
        << source.substr(0, 30);
  // 400 levels are fine.
  EXPECT_EQ(error_of("$x = " + repeated("!", 400) + "true\n"), "no error");
}

TEST(ParserErrors, TheValidatorRefusesATreeTooDeepToEvaluate) {
  std::string sum = "$x = 1" + repeated(" + 1", 50000) + "\n";
  EXPECT_NE(error_of(sum).find("error: stack level too deep"), std::string::npos);
  std::string fine = "$x = 1" + repeated(" + 1", 5000) + "\n";
  EXPECT_EQ(error_of(fine), "no error");
}

TEST(Parser, NodesCarryLocations) {
  ast::Arena arena;
  Program program = parse(make_source("t.pp", "\n  notify { 'x': message => $m }\n"), arena);
  auto* resource = ast::as<ast::Resource>(program.body->statements.at(0));
  ASSERT_NE(resource, nullptr);
  EXPECT_EQ(resource->where.line, 2u);
  EXPECT_EQ(resource->where.column, 3u);
  EXPECT_EQ(resource->bodies[0].attributes[0].value->where.column, 28u);
}

}  // namespace
}  // namespace marionette::lang
