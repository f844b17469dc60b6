// HOCON as the hocon gem reads it: each case's result is what
// Hocon::ConfigFactory.parse_string(text).resolve.root.unwrapped gives (ruby-hocon 1.3, Debian 12).
#include "compiler/functions/hocon_reader.hpp"

#include <gtest/gtest.h>

#include "compiler/value.hpp"
#include "compiler/value_data.hpp"

namespace marionette::compiler {
namespace {

std::string json_of(const std::string& text) {
  return to_data(hocon::parse(text)).dump();
}

TEST(HoconReader, ReadsAsTheGemDoes) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "{}"},
      {"valid hocon: string", R"({"valid hocon":"string"})"},
      {"a = 1\nb { c = [1, 2] }", R"({"a":1,"b":{"c":[1,2]}})"},
      {"a.b.c = 1\na.b.d = x", R"({"a":{"b":{"d":"x","c":1}}})"},
      {"a = foo bar  baz ", R"({"a":"foo bar  baz"})"},
      {"a = 1 2", R"({"a":"1 2"})"},
      {"a = 1.5, b = -2, c = 1e3, d = 0x10, e = 012, f = 1.0, i = 1., j = .5",
       R"({"a":1.5,"b":-2,"c":1000,"d":"0x10","e":10,"f":1,"i":"1.","j":".5"})"},
      {"a = 09, b = -012, c = 08.5, d = 0", R"({"a":"09","b":-10,"c":8.5,"d":0})"},
      {"a = true, b = false, c = null, d = yes", R"({"a":true,"b":false,"c":null,"d":"yes"})"},
      {"x { a=1, b=2 }\nx { b=3, c=4 }", R"({"x":{"b":3,"c":4,"a":1}})"},
      {"a=1\nb=2\na=3", R"({"a":3,"b":2})"},
      {"a.b = 1\na = 2\na.c = 3", R"({"a":{"c":3}})"},
      {"a=1\nb=${a}${a}", R"({"a":1,"b":"11"})"},
      {"a = x\nb = ${a} y", R"({"a":"x","b":"x y"})"},
      {"a={x:1}\nb=${a}{y:2}", R"({"a":{"x":1},"b":{"y":2,"x":1}})"},
      {"a = 5\na = ${?nope}", R"({"a":5})"},
      {"a = x${?nope}y", R"({"a":"xy"})"},
      {"a = [1,2]\na += 3", R"({"a":[1,2,3]})"},
      {"a = \"\"\"x\"\"\"\"\"", R"({"a":"x\"\""})"},
      {"a = \"q\\n\\u0041\"", R"({"a":"q\nA"})"},
      {"a =\n 1", R"({"a":1})"},
      {"a = [1\n,2]", R"({"a":[1,2]})"},
      {"a.\"b.c\" = 1", R"({"a":{"b.c":1}})"},
      {"include \"foo\"\na = 1", R"({"a":1})"},
      {"a = 1 // c\n, b = 2", R"({"a":1,"b":2})"},
  };
  for (const auto& [text, expected] : cases) EXPECT_EQ(json_of(text), expected) << text;
}

TEST(HoconReader, RefusesWithTheGemsMessages) {
  const std::pair<const char*, const char*> cases[] = {
      {"invalid", "String: 1: Key 'invalid' may not be followed by token: end of file"},
      {"a\nb=1",
       "String: 2: Key 'a' may not be followed by token: 'b' (if you intended 'b' to be part of a "
       "key or string value, try enclosing the key or value in double quotes"},
      {"a = http://x.com/y",
       "String: 1: Expecting close brace } or a comma, got ':' (if you intended ':' to be part of "
       "a key or string value, try enclosing the key or value in double quotes"},
      {"a = [,1]",
       "String: 1: List should have ] or a first element after the open [, instead had token: "
       "',' (if you want ',' to be part of a string value, then double-quote it)"},
      {"{", "String: 1: expecting a close brace or a field name here, got end of file"},
      {"a = 1\n\n\nb =", "String: 4: Expecting a value but got wrong token: end of file"},
      {"a = 1 }",
       "String: 1: unbalanced close brace '}' with no open brace (if you intended '}' to be part "
       "of a key or string value, try enclosing the key or value in double quotes"},
      {"b = ${nope}", "String: 1: Could not resolve substitution to a value: ${nope}"},
      {"include = 1", "String: 1: include keyword is not followed by a quoted string, but by: '='"},
  };
  for (const auto& [text, message] : cases) {
    try {
      hocon::parse(text);
      ADD_FAILURE() << "parsed: " << text;
    } catch (const hocon::ParseError& error) {
      EXPECT_EQ(std::string(error.what()), message) << text;
    }
  }
  EXPECT_THROW(hocon::parse("[1, 2]"), hocon::WrongTypeError);
}

TEST(HoconReader, BoundsNestingAndCycles) {
  std::string deep(2000, '[');
  EXPECT_THROW(hocon::parse("a = " + deep), hocon::ParseError);
  std::string objects;
  for (int i = 0; i < 2000; ++i) objects += "a {";
  EXPECT_THROW(hocon::parse(objects), hocon::ParseError);
  EXPECT_THROW(hocon::parse("a = ${b}\nb = ${a}"), hocon::ParseError);
  std::string long_key = "a";
  for (int i = 0; i < 2000; ++i) long_key += ".a";
  EXPECT_THROW(hocon::parse(long_key + " = 1"), hocon::ParseError);
  std::string optional_chain = "a = 1\n";
  for (int i = 0; i < 2000; ++i) optional_chain += "a = ${?x}\n";
  EXPECT_THROW(hocon::parse(optional_chain), hocon::ParseError);
  std::string replaced;  // plain replacements keep nothing of what they replace
  for (int i = 0; i < 200000; ++i) replaced += "a = " + std::to_string(i) + "\n";
  EXPECT_EQ(to_data(hocon::parse(replaced)).dump(), R"({"a":199999})");
}

}  // namespace
}  // namespace marionette::compiler
