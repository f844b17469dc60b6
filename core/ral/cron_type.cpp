#include <algorithm>
#include <functional>
#include <regex>

#include "ral/cron_schedule.hpp"
#include "ral/crontab_command.hpp"
#include "ral/crontab_file.hpp"
#include "ral/params.hpp"
#include "ral/parsed_file_text.hpp"
#include "ral/resource_type.hpp"
#include "ral/spec_resource.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

/// What a cron resource asks for; an unset optional is a property the manifest leaves alone.
struct CronSpec {
  std::string name;
  bool present = true;
  std::optional<std::string> command;
  std::optional<std::string> special;  ///< empty: absent
  std::array<std::optional<CronValues>, 5> times;
  std::optional<std::vector<std::string>> environment;  ///< empty: absent
  std::optional<std::string> user;
  std::optional<std::string> target;
};

/// The order Puppet's cron type declares (and so syncs) its time properties.
constexpr CronField kSyncOrder[] = {CronField::minute, CronField::hour, CronField::weekday,
                                    CronField::month, CronField::monthday};

std::string unquoted(const std::string& text) {
  bool quoted = text.size() >= 2 && text.front() == '\'' && text.back() == '\'';
  return quoted ? text.substr(1, text.size() - 2) : text;
}

/// Puppet's Property#change_to_s with displayed values.
std::string change_message(const std::string& property, const std::string& is,
                           const std::string& should, bool is_absent, bool should_absent) {
  if (is_absent) return "defined '" + property + "' as " + should;
  if (should_absent) return "undefined '" + property + "' from " + is;
  return property + " changed " + is + " to " + should;
}

/// The job that stands for a resource: the last one with its name (Puppet's prefetch keeps the
/// last), else an unnamed job with the same command and schedule (cron_core's match).
CronJob* find_job(Crontab& crontab, const CronSpec& spec) {
  CronJob* named = crontab.find([&](const CronJob& job) { return job.name == spec.name; });
  if (named || !spec.command) return named;
  for (auto& line : crontab.lines) {
    if (!line.is_record || !line.record.unmanaged) continue;
    const CronJob& job = line.record;
    if (job.command != *spec.command) continue;
    bool matched = std::all_of(kCronFields.begin(), kCronFields.end(), [&](CronField field) {
      const auto& wanted = spec.times[static_cast<std::size_t>(field)];
      return !wanted || *wanted == job.time(field);
    });
    if (spec.special) matched = matched && !spec.special->empty() && *spec.special == job.special;
    if (matched) return &line.record;
  }
  return nullptr;
}

/// Puppet's cron type with cron_core's crontab provider: one job in a user's crontab, read
/// and installed with the crontab command; the rest of the crontab is kept as it is.
class CronResource final : public ManagedResource {
 public:
  CronResource(CronSpec spec, Host host) : spec_(std::move(spec)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    const std::string running = running_user_name(*host_.accounts);
    const std::string user = spec_.target.value_or(spec_.user.value_or(running));
    CrontabCommand command(host_, running);
    std::string read_error;
    std::optional<std::string> text = command.read(user, read_error);
    std::string parse_error;
    auto parsed = cached_records<CronJob>(
        "crontab -l " + user, {text.has_value(), text.value_or("")}, crontab_format(), parse_error);
    if (!parsed) {
      return context.evaluation_failed("Could not prefetch cron provider 'crontab' target '" +
                                       user + "': " + parse_error);
    }
    Crontab crontab = *parsed;
    if (!sync(context, crontab) || context.noop()) return;
    if (!text) {
      // cron_core reads a failed crontab as empty and refuses to write it (raise_prefetch_errors).
      return context.evaluation_failed("Failed to read " + user +
                                       "'s records when prefetching them. Reason: " + read_error);
    }
    if (auto failure = command.write(user, render_crontab(crontab, ruby_time_now()))) {
      context.evaluation_failed(*failure);
    }
  }

  std::string identity() const override { return spec_.name; }

  std::vector<std::pair<std::string, std::string>> describe() override {
    const std::string running = running_user_name(*host_.accounts);
    std::vector<std::string> users;
    if (spec_.target || spec_.user) {
      users.push_back(spec_.target.value_or(spec_.user.value_or(running)));
    } else {
      users = crontab_users(host_, running);
    }
    CrontabCommand command(host_, running);
    int unmanaged = 0;
    for (const auto& user : users) {
      std::string error;
      std::optional<std::string> text = command.read(user, error);
      Crontab crontab;
      if (!text || !parse_crontab(*text, unmanaged, crontab, error)) continue;
      CronSpec by_name;
      by_name.name = spec_.name;
      if (CronJob* job = find_job(crontab, by_name)) return described(*job, user);
    }
    return {{"ensure", "'absent'"}, {"provider", "'crontab'"}};
  }

 private:
  /// Brings the job in `crontab` in line with the spec (or reports it in noop); false when
  /// nothing is to be written.
  bool sync(ResourceContext& context, Crontab& crontab) {
    CronJob* job = find_job(crontab, spec_);
    if (!spec_.present) {
      if (!job) return false;
      if (context.noop()) {
        context.would_change("ensure", "cron_removed", "'present'", "'absent'");
        return false;
      }
      crontab.remove(job);
      context.changed("ensure", "cron_removed", "removed", "present", "absent");
      return true;
    }
    if (!job) return create(context, crontab);
    bool changed = false;
    auto change = [&](const std::string& property, const std::string& is, const std::string& should,
                      bool is_absent, bool should_absent, const std::function<void()>& apply) {
      if (context.noop()) {
        context.would_change(property, property + "_changed", is, should);
        return;
      }
      apply();
      changed = true;
      context.changed(property, property + "_changed",
                      change_message(property, is, should, is_absent, should_absent), unquoted(is),
                      unquoted(should));
    };
    if (spec_.command && *spec_.command != job->command) {
      change("command", single_quoted(job->command), single_quoted(*spec_.command), false, false,
             [&] { job->command = *spec_.command; });
    }
    if (spec_.special && *spec_.special != job->special) {
      const std::string& should = *spec_.special;
      change("special", single_quoted(job->special.empty() ? "absent" : job->special),
             single_quoted(should.empty() ? "absent" : should), job->special.empty(),
             should.empty(), [&] { job->special = should; });
    }
    for (CronField field : kSyncOrder) {
      const auto& should = spec_.times[static_cast<std::size_t>(field)];
      CronValues& is = job->time(field);
      if (!should || *should == is) continue;
      change(std::string(cron_field_name(field)), cron_values_display(is),
             cron_values_display(*should), is.empty(), should->empty(), [&] { is = *should; });
    }
    if (spec_.environment) sync_environment(*job, change);
    return changed;
  }

  template <typename Change>
  void sync_environment(CronJob& job, Change& change) {
    auto sorted = [](std::vector<std::string> lines) {
      std::sort(lines.begin(), lines.end());
      return lines;
    };
    const std::vector<std::string>& should = *spec_.environment;
    if (sorted(should) == sorted(job.environment)) return;
    // Puppet shows the current lines as an array and the wanted ones joined by commas.
    change("environment", job.environment.empty() ? "'absent'" : quoted_list(job.environment),
           should.empty() ? "absent" : joined_fields(should, ","), job.environment.empty(), false,
           [&] { job.environment = should; });
  }

  bool create(ResourceContext& context, Crontab& crontab) {
    if (context.noop()) {
      context.would_change("ensure", "cron_created", "'absent'", "'present'");
      return false;
    }
    if (!spec_.command) {
      // As cron_core: an error, yet ensure counts as created, and nothing is written.
      context.log("err", "no command specified, cannot create");
      context.changed("ensure", "cron_created", "created", "absent", "present");
      return false;
    }
    CronJob job;
    job.name = spec_.name;
    job.command = *spec_.command;
    job.special = spec_.special.value_or("");
    for (CronField field : kCronFields) {
      job.time(field) = spec_.times[static_cast<std::size_t>(field)].value_or(CronValues{});
    }
    job.environment = spec_.environment.value_or(std::vector<std::string>{});
    crontab.append(std::move(job));
    context.changed("ensure", "cron_created", "created", "absent", "present");
    return true;
  }

  /// The job as `puppet resource cron` prints it: absent properties left out.
  static std::vector<std::pair<std::string, std::string>> described(const CronJob& job,
                                                                    const std::string& user) {
    std::vector<std::pair<std::string, std::string>> state = {
        {"command", single_quoted(job.command)},
        {"provider", "'crontab'"},
        {"target", single_quoted(user)},
        {"user", single_quoted(user)}};
    if (!job.environment.empty()) state.emplace_back("environment", quoted_list(job.environment));
    if (!job.special.empty()) state.emplace_back("special", single_quoted(job.special));
    for (CronField field : kCronFields) {
      if (!job.time(field).empty()) {
        state.emplace_back(std::string(cron_field_name(field)), quoted_list(job.time(field)));
      }
    }
    std::sort(state.begin(), state.end());
    state.insert(state.begin(), {"ensure", "'present'"});
    return state;
  }

  CronSpec spec_;
  Host host_;
};

void flatten(const catalog::Data& value, std::vector<catalog::Data>& out) {
  if (!value.is_array()) return out.push_back(value);
  for (const auto& item : value) flatten(item, out);
}

/// A value as Ruby's inspect shows it in Puppet's munging errors: strings double-quoted.
std::string ruby_inspect(const catalog::Data& value) {
  return value.is_string() ? "\"" + value.get<std::string>() + "\"" : value.dump();
}

bool read_spec(const catalog::Resource& resource, CronSpec& spec, std::string& error) {
  spec.name = params::text(resource, "name").value_or(resource.title);
  const std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    error = params::parameter_error(
        resource, "ensure", "Invalid value \"" + ensure + "\". Valid values are present, absent.");
    return false;
  }
  spec.present = ensure == "present";
  if (auto command = params::text(resource, "command")) {
    static const std::regex surrounding_space(R"(^\s+|\s+$)");
    spec.command = std::regex_replace(*command, surrounding_space, "");
  }
  if (auto special = params::text(resource, "special")) {
    if (!is_cron_special(*special)) {
      error = params::parameter_error(resource, "special",
                                      "Invalid special schedule \"" + *special + "\"");
      return false;
    }
    spec.special = *special == "absent" ? "" : *special;
  }
  for (CronField field : kCronFields) {
    const std::string name(cron_field_name(field));
    if (!resource.parameters.contains(name) || resource.parameters[name].is_null()) continue;
    std::vector<catalog::Data> items;
    flatten(resource.parameters[name], items);
    CronValues munged;
    for (const auto& item : items) {
      if (auto reason = munge_cron_field(field, {params::display(item)}, munged)) {
        error = params::parameter_error(resource, name,
                                        "Munging failed for value " + ruby_inspect(item) +
                                            " in class " + name + ": " + *reason);
        return false;
      }
    }
    munge_cron_field(field, params::texts(resource, name), munged);
    spec.times[static_cast<std::size_t>(field)] = std::move(munged);
  }
  if (resource.parameters.contains("environment")) {
    static const std::regex setting(R"(^\s*(\w+)\s*=\s*(.*)\s*$)");
    std::vector<std::string> lines;
    for (const auto& line : params::texts(resource, "environment")) {
      if (line == "absent") continue;
      if (!std::regex_match(line, setting)) {
        error = params::parameter_error(resource, "environment",
                                        "Invalid environment setting \"" + line + "\"");
        return false;
      }
      lines.push_back(line);
    }
    spec.environment = std::move(lines);
  }
  spec.user = params::text(resource, "user");
  spec.target = params::text(resource, "target");
  if (spec.special && !spec.special->empty()) {
    for (CronField field : kSyncOrder) {
      const auto& value = spec.times[static_cast<std::size_t>(field)];
      if (!value || value->empty()) continue;
      error = "Validation of " + resource.ref() + " failed: " + resource.ref() +
              " cannot specify both a special schedule and a value for " +
              std::string(cron_field_name(field));
      return false;
    }
  }
  return true;
}

}  // namespace

std::unique_ptr<ManagedResource> make_cron(const catalog::Resource& resource, Host host,
                                           std::string& error) {
  return made_from_spec<CronSpec, CronResource>(resource, host, error, read_spec);
}

std::vector<std::string> cron_instances(Host host, std::string& error) {
  const std::string running = running_user_name(*host.accounts);
  CrontabCommand command(host, running);
  std::vector<std::string> titles;
  int unmanaged = 0;
  for (const auto& user : crontab_users(host, running)) {
    std::string read_error;
    std::optional<std::string> text = command.read(user, read_error);
    Crontab crontab;
    if (text && !parse_crontab(*text, unmanaged, crontab, read_error)) text.reset();
    if (!text) {
      if (user != running) continue;  // others' crontabs are listed when they can be read
      error = read_error;
      return {};
    }
    for (const auto& line : crontab.lines) {
      if (line.is_record) titles.push_back(line.record.name);
    }
  }
  std::sort(titles.begin(), titles.end());
  titles.erase(std::unique(titles.begin(), titles.end()), titles.end());
  return titles;
}

Provider cron_type_provider() {
  return {make_cron, cron_instances};
}

}  // namespace marionette::ral
