// Plain YAML scalars as Ruby's Psych 4 resolves them for Puppet. Every expectation here was
// checked against Puppet 7.23: the same text as Hiera data, looked up and printed with
// String($value, '%p') (golden case hiera_yaml_scalars holds that catalog).
#include "rubyish/psych_scalar.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace marionette::rubyish {
namespace {

using Data = nlohmann::ordered_json;

Data value_of(std::string_view text) {
  PsychScalar scalar = psych_scalar(text);
  EXPECT_EQ(scalar.kind, PsychScalarKind::Value) << text;
  return scalar.value;
}

TEST(PsychScalar, BooleansAreYaml11WordsInAnyCase) {
  for (const char* yes : {"yes", "Yes", "YES", "yEs", "on", "ON", "true", "TRUE", "tRuE"})
    EXPECT_EQ(value_of(yes), Data(true)) << yes;
  for (const char* no : {"no", "NO", "Off", "off", "false", "FaLsE"})
    EXPECT_EQ(value_of(no), Data(false)) << no;
  for (const char* word : {"y", "n", "Y", "yesss", "onward", "t", "f"})
    EXPECT_EQ(value_of(word), Data(word)) << word;
}

TEST(PsychScalar, NullIsEmptyTildeOrNullInAnyCase) {
  for (const char* null : {"", "~", "null", "NULL", "NuLL"}) EXPECT_TRUE(value_of(null).is_null());
  EXPECT_EQ(value_of("nullish"), Data("nullish"));
}

TEST(PsychScalar, IntegersFollowRubysIntegerWithSeparatorsRemoved) {
  EXPECT_EQ(value_of("0755"), Data(493));  // a leading zero is octal
  EXPECT_EQ(value_of("-0755"), Data(-493));
  EXPECT_EQ(value_of("0x1F"), Data(31));
  EXPECT_EQ(value_of("0b101"), Data(5));
  EXPECT_EQ(value_of("1_000"), Data(1000));
  EXPECT_EQ(value_of("1,000"), Data(1000));
  EXPECT_EQ(value_of("+12"), Data(12));
  EXPECT_EQ(value_of("0"), Data(0));
  EXPECT_EQ(value_of("-7"), Data(-7));
  EXPECT_TRUE(value_of("18446744073709551615").is_number_unsigned());
  for (const char* text : {"08", "0o17", "1__0", "1,", "0X1F", "0B1", "0b_"})
    EXPECT_EQ(value_of(text), Data(text)) << text;
}

TEST(PsychScalar, BaseSixtyCountsTheFirstPartInHoursAsPsychDoes) {
  EXPECT_EQ(value_of("12:30"), Data(45000));
  EXPECT_EQ(value_of("1:30:00"), Data(5400));
  EXPECT_EQ(value_of("-12:30"), Data(-41400));  // the sign belongs to the first part only
  EXPECT_DOUBLE_EQ(value_of("1:30.5").get<double>(), 5430.0);
  EXPECT_EQ(value_of("12:60"), Data("12:60"));
  EXPECT_EQ(value_of("1:2:3:4"), Data("1:2:3:4"));
}

TEST(PsychScalar, FloatsNeedADotAndASignedExponent) {
  EXPECT_TRUE(value_of("1.").is_number_float());
  EXPECT_DOUBLE_EQ(value_of("1.").get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(value_of(".5").get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(value_of("1.0e+3").get<double>(), 1000.0);
  EXPECT_DOUBLE_EQ(value_of("1.e-1").get<double>(), 0.1);
  EXPECT_DOUBLE_EQ(value_of("1_0.5").get<double>(), 10.5);
  EXPECT_DOUBLE_EQ(value_of("-2.5").get<double>(), -2.5);
  for (const char* text : {"1.0e3", "1e3", ".", "+.", "-.", "1.2.3", "10.0.0.1", "1.0_5"})
    EXPECT_EQ(value_of(text), Data(text)) << text;
}

TEST(PsychScalar, InfinityAndNanInAnyCase) {
  for (const char* text : {".inf", ".iNf", "+.inf", "+.INF"})
    EXPECT_EQ(value_of(text).get<double>(), INFINITY) << text;
  EXPECT_EQ(value_of("-.Inf").get<double>(), -INFINITY);
  EXPECT_TRUE(std::isnan(value_of(".NaN").get<double>()));
}

TEST(PsychScalar, DatesTimesAndSymbolsAreRubyObjects) {
  EXPECT_EQ(psych_scalar("2024-01-31").kind, PsychScalarKind::Date);
  EXPECT_EQ(psych_scalar("2024-1-5").kind, PsychScalarKind::Date);
  EXPECT_EQ(psych_scalar("2024-02-31").kind, PsychScalarKind::Date);  // refused before checked
  EXPECT_EQ(psych_scalar("2001-12-14 21:59:43.10 -5").kind, PsychScalarKind::Time);
  EXPECT_EQ(psych_scalar("2001-12-14t21:59:43.10-05:00").kind, PsychScalarKind::Time);
  EXPECT_EQ(psych_scalar("2001-12-14T21:59:43Z").kind, PsychScalarKind::Time);
  EXPECT_EQ(psych_scalar(":name").kind, PsychScalarKind::Symbol);
  EXPECT_EQ(psych_scalar("2024-13-01").value, Data("2024-13-01"));
  EXPECT_EQ(psych_scalar("2024-01-32").value, Data("2024-01-32"));
  EXPECT_EQ(psych_scalar(":").value, Data(":"));
}

TEST(PsychScalar, WordsStayStrings) {
  for (const char* text : {"hello world", "=foo", "$x", "a:b", "-", "+abc", "1abc", "~x"})
    EXPECT_EQ(value_of(text), Data(text)) << text;
}

}  // namespace
}  // namespace marionette::rubyish
