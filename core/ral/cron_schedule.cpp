#include "ral/cron_schedule.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

#include "text/text.hpp"

namespace marionette::ral {

namespace {

struct Bounds {
  int lower;
  int upper;
};

Bounds bounds_of(CronField field) {
  switch (field) {
    case CronField::minute:
      return {0, 59};
    case CronField::hour:
      return {0, 23};
    case CronField::monthday:
      return {1, 31};
    case CronField::month:
      return {1, 12};
    case CronField::weekday:
      return {0, 7};
  }
  return {0, 0};
}

/// The names a field accepts, by number: month counts from 1, weekday from 0 (Sunday).
const std::vector<std::string>* names_of(CronField field) {
  static const std::vector<std::string> months = {
      "",     "january", "february",  "march",   "april",    "may",     "june",
      "july", "august",  "september", "october", "november", "december"};
  static const std::vector<std::string> weekdays = {"sunday",   "monday", "tuesday", "wednesday",
                                                    "thursday", "friday", "saturday"};
  if (field == CronField::month) return &months;
  if (field == CronField::weekday) return &weekdays;
  return nullptr;
}

/// A name, or its first three letters, as the field's number (Puppet's alphacheck).
std::optional<int> number_of_name(const std::vector<std::string>& names, const std::string& value) {
  const std::string wanted = text::lowercase(value);
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i].empty()) continue;
    bool matches = wanted.size() == 3 ? names[i].compare(0, 3, wanted) == 0 : names[i] == wanted;
    if (matches) return static_cast<int>(i);
  }
  return std::nullopt;
}

}  // namespace

std::string_view cron_field_name(CronField field) {
  switch (field) {
    case CronField::minute:
      return "minute";
    case CronField::hour:
      return "hour";
    case CronField::monthday:
      return "monthday";
    case CronField::month:
      return "month";
    case CronField::weekday:
      return "weekday";
  }
  return "";
}

std::optional<std::string> munge_cron_field(CronField field, const std::vector<std::string>& items,
                                            CronValues& munged) {
  static const std::regex step(R"(^\*/[0-9]+$)");
  static const std::regex range(R"(^[0-9]+-[0-9]+(/[0-9]+)?$)");
  munged.clear();
  for (const auto& item : items) {
    if (item == "absent" || item == "*") {
      munged.push_back("absent");
      continue;
    }
    if (std::regex_match(item, step) || std::regex_match(item, range)) {
      munged.push_back(item);
      continue;
    }
    const Bounds bounds = bounds_of(field);
    if (text::all_digits(item)) {
      long number = item.size() > 9 ? -1 : std::stol(item);
      if (number >= bounds.lower && number <= bounds.upper) {
        munged.push_back(item);
        continue;
      }
    } else if (const auto* names = names_of(field)) {
      if (auto number = number_of_name(*names, item)) {
        munged.push_back(std::to_string(*number));
        continue;
      }
    }
    return item + " is not a valid " + std::string(cron_field_name(field));
  }
  // Puppet's CronParam#should: a first item of absent makes the whole field absent.
  if (!munged.empty() && munged.front() == "absent") munged.clear();
  return std::nullopt;
}

bool is_cron_special(const std::string& value) {
  static const char* const kSpecials[] = {"reboot", "yearly",   "annually", "monthly", "weekly",
                                          "daily",  "midnight", "hourly",   "absent"};
  return std::find(std::begin(kSpecials), std::end(kSpecials), value) != std::end(kSpecials);
}

std::string quoted_list(const std::vector<std::string>& items) {
  std::string text = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    text += (i == 0 ? "'" : ", '") + items[i] + "'";
  }
  return text + "]";
}

std::string cron_values_display(const CronValues& values) {
  return values.empty() ? "'absent'" : quoted_list(values);
}

}  // namespace marionette::ral
