#include "ral/account_command.hpp"

namespace marionette::ral {

std::optional<std::string> run_account_command(CommandRunner& commands,
                                               const std::vector<std::string>& argv) {
  CommandRequest request;
  request.argv = argv;
  request.environment["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin";
  CommandResult result = commands.run(request);
  if (!result.error.empty()) return result.error;
  if (result.exit_code == 0) return std::nullopt;
  std::string command;
  for (const auto& word : argv) command += (command.empty() ? "" : " ") + word;
  std::string output = result.output;
  while (!output.empty() && output.back() == '\n') output.pop_back();
  return "Execution of '" + command + "' returned " + std::to_string(result.exit_code) + ": " +
         output;
}

void change_account(ResourceContext& context, CommandRunner& commands, const std::string& property,
                    const std::string& event, const std::string& is, const std::string& should,
                    const std::string& message, const std::vector<std::string>& argv) {
  if (context.noop()) return context.would_change(property, event, is, should);
  if (auto failure = run_account_command(commands, argv)) {
    return context.change_failed(property, is, should,
                                 "Could not set " + should + " on " + property + ": " + *failure);
  }
  auto unquoted = [](const std::string& text) {
    bool quoted = text.size() >= 2 && text.front() == '\'' && text.back() == '\'';
    return quoted ? text.substr(1, text.size() - 2) : text;
  };
  context.changed(property, event, message, unquoted(is), unquoted(should));
}

}  // namespace marionette::ral
