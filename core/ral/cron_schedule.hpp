#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// The cron type's schedule properties as cron_core validates, munges and compares them.
namespace marionette::ral {

/// The five time columns of a crontab line, in the crontab's order.
enum class CronField { minute, hour, monthday, month, weekday };
inline constexpr std::array<CronField, 5> kCronFields = {
    CronField::minute, CronField::hour, CronField::monthday, CronField::month, CronField::weekday};

std::string_view cron_field_name(CronField field);

/// A time field's items ("1", "2-5", "*/10"); empty is absent, written as '*'.
using CronValues = std::vector<std::string>;

/// Puppet's CronParam munge of each item: numbers within the field's bounds, names for month
/// and weekday ("mon" and "Monday" are "1"), ranges, steps; '*' and "absent" make the field
/// absent. Returns the error ("13 is not a valid month") or nothing.
std::optional<std::string> munge_cron_field(CronField field, const std::vector<std::string>& items,
                                            CronValues& munged);

/// The specials Vixie cron knows: reboot, yearly, annually, monthly, weekly, daily, midnight,
/// hourly (and "absent").
bool is_cron_special(const std::string& value);

/// A field as Puppet prints it in messages: "['1', '2']", or "'absent'".
std::string cron_values_display(const CronValues& values);

/// "['a', 'b']": Puppet's display of an array of strings.
std::string quoted_list(const std::vector<std::string>& items);

}  // namespace marionette::ral
