#include "ral/cron_schedule.hpp"

#include <gtest/gtest.h>

namespace marionette::ral {
namespace {

using Items = std::vector<std::string>;

struct MungeCase {
  CronField field;
  Items given;
  Items munged;       ///< when valid
  std::string error;  ///< when not
};

class CronFieldMunging : public ::testing::TestWithParam<MungeCase> {};

TEST_P(CronFieldMunging, AsCronCoreMungesIt) {
  const MungeCase& c = GetParam();
  CronValues munged;
  std::optional<std::string> error = munge_cron_field(c.field, c.given, munged);
  if (c.error.empty()) {
    EXPECT_FALSE(error) << *error;
    EXPECT_EQ(munged, c.munged);
  } else {
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, c.error);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, CronFieldMunging,
    ::testing::Values(MungeCase{CronField::minute, {"0"}, {"0"}, ""},
                      MungeCase{CronField::minute, {"59"}, {"59"}, ""},
                      MungeCase{CronField::minute, {"60"}, {}, "60 is not a valid minute"},
                      MungeCase{CronField::hour, {"24"}, {}, "24 is not a valid hour"},
                      MungeCase{CronField::hour, {"2", "4"}, {"2", "4"}, ""},
                      MungeCase{CronField::hour, {"2-4"}, {"2-4"}, ""},
                      MungeCase{CronField::minute, {"*/10"}, {"*/10"}, ""},
                      MungeCase{CronField::minute, {"0-30/5"}, {"0-30/5"}, ""},
                      MungeCase{CronField::minute, {"*"}, {}, ""},
                      MungeCase{CronField::minute, {"absent"}, {}, ""},
                      MungeCase{CronField::monthday, {"0"}, {}, "0 is not a valid monthday"},
                      MungeCase{CronField::month, {"January"}, {"1"}, ""},
                      MungeCase{CronField::month, {"dec"}, {"12"}, ""},
                      MungeCase{CronField::month, {"13"}, {}, "13 is not a valid month"},
                      MungeCase{CronField::month, {"ja"}, {}, "ja is not a valid month"},
                      MungeCase{CronField::weekday, {"Mon", "friday"}, {"1", "5"}, ""},
                      MungeCase{CronField::weekday, {"sun"}, {"0"}, ""},
                      MungeCase{CronField::weekday, {"7"}, {"7"}, ""},
                      MungeCase{
                          CronField::weekday, {"Mon-Fri"}, {}, "Mon-Fri is not a valid weekday"},
                      MungeCase{CronField::hour, {"noon"}, {}, "noon is not a valid hour"}));

TEST(CronSpecial, KnowsVixieCronsSpecials) {
  for (const char* special : {"reboot", "yearly", "annually", "monthly", "weekly", "daily",
                              "midnight", "hourly", "absent"}) {
    EXPECT_TRUE(is_cron_special(special)) << special;
  }
  EXPECT_FALSE(is_cron_special("fortnightly"));
  EXPECT_FALSE(is_cron_special("@daily"));
}

TEST(CronValuesDisplay, AsPuppetPrintsArraysAndAbsent) {
  EXPECT_EQ(cron_values_display({"1", "2"}), "['1', '2']");
  EXPECT_EQ(cron_values_display({}), "'absent'");
}

}  // namespace
}  // namespace marionette::ral
