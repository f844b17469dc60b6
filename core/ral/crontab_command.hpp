#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ral/host.hpp"

namespace marionette::ral {

/// A user's crontab through the `crontab` command found on PATH, as cron_core's crontab
/// filetype uses it: `crontab [-u USER] -l` to read, `crontab [-u USER] FILE` to install.
/// `-u` is left out for the user we run as (some crontabs refuse it).
class CrontabCommand {
 public:
  CrontabCommand(Host host, std::string running_user)
      : host_(host), running_user_(std::move(running_user)) {}

  /// The crontab's text with Puppet's header dropped: empty when the user has none, does not
  /// exist or may not use cron. Nothing, with `error` set, when it cannot be read.
  std::optional<std::string> read(const std::string& user, std::string& error);
  /// Installs `text` as the user's crontab; the reason when it failed.
  std::optional<std::string> write(const std::string& user, const std::string& text);

 private:
  CommandResult run(const std::string& user, const std::string& last_argument);

  Host host_;
  std::string running_user_;
};

/// The name of the user this process runs as ("root" when it has none).
std::string running_user_name(Accounts& accounts);

/// The users whose crontabs cron_core looks at for `puppet resource cron`: the running user,
/// then each regular file in Debian's crontab directory when it can be listed (as root).
std::vector<std::string> crontab_users(Host host, const std::string& running_user);

}  // namespace marionette::ral
