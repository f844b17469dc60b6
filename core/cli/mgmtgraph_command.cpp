// `marionette mgmtgraph print`: what mgmt's puppet GAPI ran (`puppet mgmtgraph print
// --manifest FILE`, `--code CODE`, or with neither the agent's catalog) to get the relationship
// graph as its YAML graph; here the manifest is compiled as `compile` compiles it.

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/command.hpp"
#include "cli/mgmt_graph.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
#include "compiler/compiler.hpp"

namespace marionette::cli {

namespace {

/// --code CODE: the code in a private temporary file for the compile, removed after it.
class CodeFile {
 public:
  explicit CodeFile(const std::string& code) {
    std::string name =
        (std::filesystem::temp_directory_path() / "marionette-code-XXXXXX.pp").string();
    int fd = mkstemps(name.data(), 3);
    if (fd < 0) throw std::runtime_error("Could not write the code to a temporary file");
    close(fd);
    path_ = name;
    std::ofstream(path_, std::ios::binary) << code;
  }
  ~CodeFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace

int run_mgmtgraph(const std::vector<std::string>& words) {
  std::set<std::string> valued = kRunOptions;
  valued.insert("code");
  Arguments args(words, valued, setting_switches());
  const auto& positionals = args.positionals();
  if (!positionals.empty() && positionals[0] != "print")
    throw UsageError("unknown action '" + positionals[0] + "' (the action is print)");
  if (positionals.size() > 1) throw UsageError("unexpected argument '" + positionals[1] + "'");
  if (args.value("code") && (args.value("manifest") || args.value("env-dir")))
    throw UsageError("give --code or --manifest/--env-dir, not both");
  std::optional<CodeFile> code;
  if (auto text = args.value("code")) code.emplace(*text);
  // mgmt passes --config=FILE (its puppet.conf): read as the face read it, in Puppet's user mode.
  daemon::RunSettings settings = run_settings_from(config_from(args, config::RunMode::user));
  if (code) settings.manifest = code->path();
  if (!settings.env_dir && !settings.manifest)
    throw UsageError("give --manifest FILE, --code CODE or --env-dir DIR");
  daemon::RunLog log = make_run_log(false, false);
  compiler::CompileRequest request = compile_request_for(settings);
  catalog::Catalog catalog = compiler::compile(request);
  std::cout << mgmt_yaml(catalog, log);
  std::cout.flush();
  return 0;  // an error goes to run_command (dispatch.cpp), which prints it
}

}  // namespace marionette::cli
