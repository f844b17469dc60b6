// `marionette apply` with module types (stdlib's file_line and anchor, inifile's ini_setting and
// ini_subsetting, concat's concat_file and concat_fragment, voxpupuli's alternatives and
// alternative_entry through update-alternatives under DPKG_ROOT, augeas_core's augeas)
// against what real Puppet 7.23 left behind: each case in fixtures/module_types/ holds site.pp (paths under $root), before/ (the files
// it starts from) and puppet/ (files/, exitcode and log, written by record-puppet-files with
// real Puppet). The resulting files must be byte-identical, the exit code and the resources' log
// lines the same, and a second run must change nothing.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

const fs::path kCases = fs::path(MARIONETTE_FIXTURES_DIR) / "module_types";

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Every file under `root` by relative path, with its bytes ("<dir>" for a directory, "<link>
/// TARGET" for a symbolic link).
std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string name = fs::relative(entry.path(), root).string();
    if (entry.is_symlink()) {
      files[name] = "<link> " + fs::read_symlink(entry.path()).string();
    } else {
      files[name] = entry.is_directory() ? "<dir>" : read_text(entry.path());
    }
  }
  return files;
}

/// The resources' log lines ("/Stage[main]…"), `root` written ROOT and `work` (the manifest's
/// dir) WORK, sorted as the recorder does.
std::string resource_log(const CommandResult& run, const std::string& root,
                         const std::string& work) {
  std::vector<std::string> lines;
  std::istringstream all(run.out + run.err);
  for (std::string line; std::getline(all, line);) {
    const std::size_t at = line.find("/Stage[main]");
    if (at == std::string::npos) continue;
    line = line.substr(at);
    for (const auto& [dir, name] : {std::pair{root, "ROOT"}, std::pair{work, "WORK"}}) {
      for (std::size_t found; (found = line.find(dir)) != std::string::npos;) {
        line.replace(found, dir.size(), name);
      }
    }
    lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

/// update-alternatives' log without its times, as record-puppet-files keeps it.
void drop_alternatives_log_times(const fs::path& root) {
  const fs::path log = root / "var/log/alternatives.log";
  if (!fs::exists(log)) return;
  std::istringstream lines(read_text(log));
  std::string kept;
  for (std::string line; std::getline(lines, line);) {
    const std::string tool = "update-alternatives ";
    const std::size_t colon = line.find(": ");
    if (line.starts_with(tool) && colon != std::string::npos) {
      line = "update-alternatives" + line.substr(colon);
    }
    kept += line + "\n";
  }
  std::ofstream(log, std::ios::binary | std::ios::trunc) << kept;
}

class ModuleTypesApply : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-module-types-" + GetParam() + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy(kCases / GetParam() / "before", root(),
             fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    std::ofstream(dir_ / "site.pp") << "$root = '" << root().string() << "'\n"
                                    << read_text(kCases / GetParam() / "site.pp");
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path root() const { return dir_ / "root"; }

  CommandResult apply(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {MARIONETTE_BINARY, "apply", (dir_ / "site.pp").string(),
                                     "--facts", MARIONETTE_FACTS_FILE,
                                     "--statedir", (dir_ / "state").string(),
                                     "--detailed-exitcodes"};
    args.insert(args.end(), extra.begin(), extra.end());
    // The alternatives cases work on link groups under root/ (DPKG_ROOT), as recorded.
    CommandResult run =
        run_command(args, std::chrono::seconds(60), {{"DPKG_ROOT", root().string()}});
    drop_alternatives_log_times(root());
    return run;
  }

  fs::path dir_;
};

TEST_P(ModuleTypesApply, LeavesTheFilesAsPuppetDoesAndThenChangesNothing) {
  const fs::path expected = kCases / GetParam() / "puppet";
  const int puppet_exit = std::stoi(read_text(expected / "exitcode"));

  CommandResult first = apply();
  EXPECT_EQ(first.exit_code, puppet_exit) << first.out << first.err;
  EXPECT_EQ(snapshot(root()), snapshot(expected / "files"));
  EXPECT_EQ(resource_log(first, root().string(), dir_.string()), read_text(expected / "log"));

  const auto after_first = snapshot(root());
  CommandResult second = apply();
  EXPECT_EQ(second.exit_code, puppet_exit & 4) << second.out << second.err;  // failures stay
  EXPECT_EQ(snapshot(root()), after_first);
}

INSTANTIATE_TEST_SUITE_P(Cases, ModuleTypesApply,
                         ::testing::Values("append", "match", "after_absent", "bad", "refresh",
                                           "ini_basic", "ini_bad", "augeas_basic",
                                           "augeas_onlyif", "augeas_bad", "concat_basic",
                                           "concat_bad", "subsetting_basic", "subsetting_bad", "encoding",
                                           "alternatives"));

class ModuleTypesNoop : public ModuleTypesApply {};

TEST_P(ModuleTypesNoop, ReportsWhatWouldChangeAndTouchesNothing) {
  const auto before = snapshot(root());
  CommandResult run = apply({"--noop"});
  EXPECT_EQ(snapshot(root()), before);
  EXPECT_NE(run.out.find("/Stage[main]/Main/File_line[first]/ensure: current_value 'absent', "
                         "should be 'present' (noop)"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("File_line[already]"), std::string::npos) << run.out;
}

INSTANTIATE_TEST_SUITE_P(Cases, ModuleTypesNoop, ::testing::Values("append"));

class ConcatNoop : public ModuleTypesApply {};

// Puppet's lines: the generated file's would-be change, its sentinel's notice under the
// concat_file's title, and the Concat container hearing both events.
TEST_P(ConcatNoop, ReportsTheGeneratedFileAndItsEventsAndTouchesNothing) {
  const auto before = snapshot(root());
  CommandResult run = apply({"--noop"});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_EQ(snapshot(root()), before);
  const std::string file = root().string() + "/replaced.conf";
  for (const std::string& line : std::vector<std::string>{
           "/Stage[main]/Main/Concat[" + file + "]/File[" + file +
            "]/content: current_value "
            "'{sha256}50a488cf1269f83fadaeecfbef860caa9e6dc14119ca41fdc1f6b705f6a602e9', should be "
            "'{sha256}51e9766d4d74d869d94e8230c6394f34cfb2d601963b68f027ae65cad69fbb18' (noop)",
        "Notice: " + file + ": Would have triggered 'refresh' from 1 event",
        "Notice: Concat[" + file + "]: Would have triggered 'refresh' from 2 events",
        "/Stage[main]/Main/Exec[refreshed]: Would have triggered 'refresh' from 1 event"}) {
    EXPECT_NE(run.out.find(line), std::string::npos) << line << "\n" << run.out;
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, ConcatNoop, ::testing::Values("concat_basic"));

class ConcatReport : public ModuleTypesApply {};

// The report counts the module types like the core ones, with the files concat_file generates:
// 11 concat_file, 21 concat_fragment, 11 generated files and the exec (Puppet's --summarize says
// 51 with its 7 default schedules and filebucket, which marionette's catalog does not hold).
TEST_P(ConcatReport, CountsTheGeneratedFilesAsResources) {
  CommandResult run = apply({"--summarize"});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  for (const std::string& line : {"Restarted: 1", "Changed: 11", "Out of sync: 11", "Total: 44"}) {
    EXPECT_NE(run.out.find(line), std::string::npos) << line << "\n" << run.out;
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, ConcatReport, ::testing::Values("concat_basic"));

class ShowDiff : public ModuleTypesApply {};

// With --show_diff (concat's show_diff defaults to true) the generated file logs its diff before
// the change, as Puppet 7.23 prints it.
TEST_P(ShowDiff, ShowsTheDiffsPuppetShows) {
  CommandResult run = apply({"--show_diff"});
  const std::string file = root().string() + "/replaced.conf";
  EXPECT_NE(run.out.find("/Stage[main]/Main/Concat[" + file + "]/File[" + file +
                         "]/content: \n--- " + file + "\t"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("@@ -1 +1 @@\n-unmanaged old text\n+managed now\n"), std::string::npos)
      << run.out;
}

INSTANTIATE_TEST_SUITE_P(Cases, ShowDiff, ::testing::Values("concat_basic"));

class ResourceListing : public ModuleTypesApply {};

// `marionette resource alternatives` (and alternative_entry) prints the link groups (and their
// alternatives) as `puppet resource` did (alternatives/puppet-resource*, recorded with DPKG_ROOT
// on before/).
TEST_P(ResourceListing, ListsInstancesAsPuppetDoes) {
  for (const auto& [type, recorded] : {std::pair{"alternatives", "puppet-resource"},
                                       std::pair{"alternative_entry", "puppet-resource-entries"}}) {
    CommandResult run = run_command({MARIONETTE_BINARY, "resource", type},
                                    std::chrono::seconds(60), {{"DPKG_ROOT", root().string()}});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out, read_text(kCases / GetParam() / recorded)) << type;
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, ResourceListing, ::testing::Values("alternatives"));

}  // namespace
}  // namespace marionette
