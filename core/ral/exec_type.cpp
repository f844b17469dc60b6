#include <chrono>
#include <thread>

#include "ral/exec_command.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"
#include "text/split.hpp"

namespace marionette::ral {

namespace {

/// An exec's settings, read from its parameters.
struct ExecSpec {
  std::string ref;  ///< "Exec[title]", for the debug lines
  std::string command;
  std::vector<std::string> path;  ///< directories, "a:b" strings split
  bool refreshonly = false;
  std::vector<std::string> creates, onlyif, unless;
  std::optional<std::string> refresh_command;
  std::optional<std::string> cwd;
  std::vector<std::string> returns{"0"};
  std::map<std::string, std::string> environment;
  std::chrono::milliseconds timeout{300'000};
  std::string logoutput = "on_failure";  ///< true | false | on_failure
  int tries = 1;
  double try_sleep = 0;
  std::optional<uid_t> uid;
  std::optional<gid_t> gid;
};

/// A check or command outcome: ran (with its exit code and output) or could not run (`error`).
struct Ran {
  int exit_code = -1;
  std::string output;
  std::optional<std::string> error;
};

/// Puppet's exec with the posix provider: runs a command when its checks allow, on refresh too.
class ExecResource final : public ManagedResource {
 public:
  ExecResource(ExecSpec spec, Host host) : spec_(std::move(spec)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    context_ = &context;
    std::optional<std::string> error;
    if (!checks_pass(false, error)) {
      if (error) context.evaluation_failed(*error);
      return;
    }
    if (context.noop()) {
      return context.would_change("returns", "executed_command", single_quoted("notrun"),
                                  should_text());
    }
    if (auto failure = sync(context)) {
      context.change_failed("returns", single_quoted("notrun"), should_text(), *failure);
      return;
    }
    context.changed("returns", "executed_command", "executed successfully");
  }

  bool refreshable() const override { return true; }

  std::optional<std::string> refresh(ResourceContext& context) override {
    context_ = &context;
    std::optional<std::string> error;
    if (!checks_pass(true, error)) return error;
    if (spec_.refresh_command) {
      Ran ran = run(*spec_.refresh_command);
      return ran.error;
    }
    return sync(context);
  }

 private:
  /// Puppet's check_all_attributes: refreshonly, creates, unless, onlyif, in that order.
  bool checks_pass(bool refreshing, std::optional<std::string>& error) {
    if (spec_.refreshonly && !refreshing) return failed_check("refreshonly");
    for (const auto& path : spec_.creates) {
      if (context_)
        context_->log("debug", "creates", "Checking that 'creates' path '" + path + "' exists");
      if (host_.files->exists(path)) return failed_check("creates");
    }
    for (const auto& check : spec_.unless) {
      Ran ran = run(check, "check ");
      if (ran.error) {
        error = ran.error;
        return false;
      }
      if (ran.exit_code == 0) return failed_check("unless");
    }
    for (const auto& check : spec_.onlyif) {
      Ran ran = run(check, "check ");
      if (ran.error) {
        error = ran.error;
        return false;
      }
      if (ran.exit_code != 0) return failed_check("onlyif");
    }
    return true;
  }

  /// Puppet's debug line for a check that keeps the command from running; false.
  bool failed_check(const char* check) {
    if (context_)
      context_->log("debug", "'" + spec_.command + "' won't be executed because of failed check '" +
                                 check + "'");
    return false;
  }

  /// Runs one command; with -d, Puppet's "Exec[x](provider=posix): Executing [check ]'cmd'" and
  /// "Executing: 'cmd'" first.
  Ran run(const std::string& command, const char* what = "") {
    if (context_) {
      context_->log_plain("debug",
                          spec_.ref + "(provider=posix): Executing " + what + "'" + command + "'");
      context_->log_plain("debug", "Executing: '" + command + "'");
    }
    Ran ran;
    if (auto missing = exec_command::missing_executable_error(command, spec_.path, *host_.files)) {
      ran.error = missing;
      return ran;
    }
    CommandRequest request;
    request.argv = exec_command::argv(command);
    request.cwd = spec_.cwd;
    request.environment = spec_.environment;
    request.timeout = spec_.timeout;
    request.uid = spec_.uid;
    request.gid = spec_.gid;
    CommandResult result = host_.commands->run(request);
    ran.exit_code = result.exit_code;
    ran.output = std::move(result.output);
    if (!result.error.empty()) {
      ran.error = result.error;
    } else if (result.timed_out) {
      ran.error = "Command exceeded timeout";
    } else if (result.exit_code == 127) {
      ran.error = ran.output;  // the shell's "not found", as Puppet reports it
    }
    return ran;
  }

  /// Runs the command (with tries) and checks `returns`; the failure reason, or nothing.
  std::optional<std::string> sync(ResourceContext& context) {
    Ran ran;
    for (int attempt = 0; attempt < spec_.tries; ++attempt) {
      ran = run(spec_.command);
      if (ran.error) return ran.error;
      if (expected(ran.exit_code)) break;
      if (spec_.try_sleep > 0 && attempt + 1 < spec_.tries) {
        std::this_thread::sleep_for(std::chrono::duration<double>(spec_.try_sleep));
      }
    }
    bool ok = expected(ran.exit_code);
    if (spec_.logoutput == "true" || (spec_.logoutput == "on_failure" && !ok)) {
      std::size_t start = 0;
      while (start < ran.output.size()) {
        std::size_t end = ran.output.find('\n', start);
        if (end == std::string::npos) end = ran.output.size();
        context.log(context.loglevel(), "returns", ran.output.substr(start, end - start));
        start = end + 1;
      }
    }
    if (ok) return std::nullopt;
    std::string codes;
    for (const auto& code : spec_.returns) codes += (codes.empty() ? "" : ",") + code;
    return "'" + spec_.command + "' returned " + std::to_string(ran.exit_code) +
           " instead of one of [" + codes + "]";
  }

  bool expected(int exit_code) const {
    for (const auto& code : spec_.returns) {
      if (code == std::to_string(exit_code)) return true;
    }
    return false;
  }

  /// "['0']", "['0', '3']": how Puppet prints the returns property's should.
  std::string should_text() const {
    std::string text = "[";
    for (std::size_t i = 0; i < spec_.returns.size(); ++i) {
      text += (i ? ", " : "") + single_quoted(spec_.returns[i]);
    }
    return text + "]";
  }

  ExecSpec spec_;
  ResourceContext* context_ = nullptr;  ///< of the evaluate() or refresh() under way
  Host host_;
};

std::vector<std::string> split_path(const std::vector<std::string>& entries) {
  std::vector<std::string> dirs;
  for (const auto& entry : entries)
    for (std::string& dir : text::split_nonempty(entry, ':')) dirs.push_back(std::move(dir));
  return dirs;
}

std::optional<ExecSpec> read_exec_spec(const catalog::Resource& resource, Host host,
                                       std::string& error) {
  const std::string prefix = "Validation of " + resource.ref() + " failed: ";
  ExecSpec spec;
  spec.ref = resource.ref();
  spec.command = params::text(resource, "command").value_or(resource.title);
  bool has_path = resource.parameters.contains("path") && !resource.parameters["path"].is_null();
  spec.path = split_path(params::texts(resource, "path"));
  spec.refreshonly = params::boolean(resource, "refreshonly").value_or(false);
  spec.creates = params::texts(resource, "creates");
  spec.onlyif = params::texts(resource, "onlyif");
  spec.unless = params::texts(resource, "unless");
  spec.refresh_command = params::text(resource, "refresh");
  spec.cwd = params::text(resource, "cwd");
  if (auto returns = params::texts(resource, "returns"); !returns.empty()) spec.returns = returns;
  for (const auto& setting : params::texts(resource, "environment")) {
    auto equals = setting.find('=');
    if (equals == std::string::npos || equals == 0) continue;
    spec.environment[setting.substr(0, equals)] = setting.substr(equals + 1);
  }
  if (!spec.path.empty()) {
    std::string joined;
    for (const auto& dir : spec.path) joined += (joined.empty() ? "" : ":") + dir;
    spec.environment["PATH"] = joined;
  }
  if (auto timeout = params::text(resource, "timeout")) {
    try {
      double seconds = std::stod(*timeout);
      spec.timeout = seconds > 0 ? std::chrono::milliseconds(static_cast<long long>(seconds * 1000))
                                 : std::chrono::milliseconds(365LL * 24 * 3600 * 1000);
    } catch (const std::exception&) {
      error = prefix + "The timeout must be a number.";
      return std::nullopt;
    }
  }
  spec.logoutput = params::text(resource, "logoutput").value_or("on_failure");
  if (auto tries = params::text(resource, "tries"))
    spec.tries = std::max(1, std::atoi(tries->c_str()));
  if (auto sleep = params::text(resource, "try_sleep")) spec.try_sleep = std::atof(sleep->c_str());
  if (auto user = params::text(resource, "user")) {
    spec.uid = host.accounts->user_id(*user);
    if (!spec.uid) {
      error = prefix + "Could not find user " + *user;
      return std::nullopt;
    }
  }
  if (auto group = params::text(resource, "group")) {
    spec.gid = host.accounts->group_id(*group);
    if (!spec.gid) {
      error = prefix + "Could not find group " + *group;
      return std::nullopt;
    }
  }
  std::vector<std::string> commands{spec.command};
  commands.insert(commands.end(), spec.onlyif.begin(), spec.onlyif.end());
  commands.insert(commands.end(), spec.unless.begin(), spec.unless.end());
  for (const auto& command : commands) {
    if (auto unqualified = exec_command::unqualified_error(command, has_path)) {
      error = prefix + *unqualified;
      return std::nullopt;
    }
  }
  return spec;
}

}  // namespace

std::unique_ptr<ManagedResource> make_exec(const catalog::Resource& resource, Host host,
                                           std::string& error) {
  auto spec = read_exec_spec(resource, host, error);
  if (!spec) return nullptr;
  return std::make_unique<ExecResource>(std::move(*spec), host);
}

Provider exec_type_provider() {
  return {make_exec, nullptr};
}

}  // namespace marionette::ral
