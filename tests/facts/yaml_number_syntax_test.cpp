// The YAML 1.2 core schema's number forms, which decide whether a plain scalar is a number.
#include "facts/yaml_number_syntax.hpp"

#include <gtest/gtest.h>

namespace marionette::facts {
namespace {

TEST(YamlNumberSyntax, Decimals) {
  for (const char* yes : {"0", "42", "-7", "+12", "0012"}) EXPECT_TRUE(is_yaml_decimal(yes)) << yes;
  for (const char* no : {"", "+", "-", "1.0", "1e3", "0x1F", "12a", " 1"})
    EXPECT_FALSE(is_yaml_decimal(no)) << no;
}

TEST(YamlNumberSyntax, OctalsAndHexadecimals) {
  EXPECT_TRUE(is_yaml_octal("0o17"));
  EXPECT_FALSE(is_yaml_octal("0o"));
  EXPECT_FALSE(is_yaml_octal("0o8"));
  EXPECT_FALSE(is_yaml_octal("-0o7"));
  EXPECT_TRUE(is_yaml_hex("0x1fA0"));
  EXPECT_FALSE(is_yaml_hex("0x"));
  EXPECT_FALSE(is_yaml_hex("0xg"));
  EXPECT_FALSE(is_yaml_hex("0X1F"));
}

TEST(YamlNumberSyntax, Floats) {
  for (const char* yes : {"1.5", "-0.25", "+.5", ".5", "1.", "12", "1e3", "1.5E-3", "-2e+10"})
    EXPECT_TRUE(is_yaml_float(yes)) << yes;
  for (const char* no : {"", ".", "-.", "1e", "1e+", "e3", "1.2.3", "12.8-rc", "1,5", "+"})
    EXPECT_FALSE(is_yaml_float(no)) << no;
}

TEST(YamlNumberSyntax, InfinityAndNan) {
  for (const char* yes : {".inf", "-.Inf", "+.INF"}) EXPECT_TRUE(is_yaml_infinity(yes)) << yes;
  for (const char* no : {"inf", ".iNf", "--.inf"}) EXPECT_FALSE(is_yaml_infinity(no)) << no;
  for (const char* yes : {".nan", ".NaN", ".NAN"}) EXPECT_TRUE(is_yaml_nan(yes)) << yes;
  for (const char* no : {"nan", "-.nan", ".Nan"}) EXPECT_FALSE(is_yaml_nan(no)) << no;
}

}  // namespace
}  // namespace marionette::facts
