#include <iostream>
#include <utility>

#include "catalog/catalog.hpp"
#include "cli/command.hpp"
#include "cli/settings_from_arguments.hpp"
#include "compiler/compile_log.hpp"
#include "compiler/compiler.hpp"

namespace marionette::cli {

int run_compile(const std::vector<std::string>& words) {
  Arguments args(words, kRunOptions, setting_switches());
  if (!args.positionals().empty())
    throw UsageError("unexpected argument '" + args.positionals().front() + "'");
  const config::AgentConfig config = config_from(args, config::RunMode::server);
  compiler::set_compile_log_level(config.log_level);
  daemon::RunSettings settings = run_settings_from(config);
  if (!settings.env_dir && !settings.manifest)
    throw UsageError("give --env-dir DIR or --manifest FILE");
  end_with_ruby_exit();
  // The environment's files are read and parsed on a second thread while the facts load.
  compiler::OpenedEnvironment environment(settings.env_dir, settings.manifest, settings.modulepath);
  compiler::CompileRequest request = compile_request_for(settings);
  // The process ends right after: freeing the compilation would only cost time.
  std::string json =
      compiler::compile_to_json(request, std::move(environment), compiler::Teardown::Keep);
  json += '\n';
  std::cout.write(json.data(), static_cast<std::streamsize>(json.size()));
  std::cout.flush();
  return 0;  // an error goes to run_command (dispatch.cpp), which prints it
}

}  // namespace marionette::cli
