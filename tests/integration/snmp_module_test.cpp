// Net-SNMP lives in a module only `marionette agent` loads: every other command starts without
// its libraries, and an agent that cannot load it says so and stops.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::run_command;

TEST(SnmpModule, TheExecutableNeedsNeitherNetSnmpNorSharedCppLibraries) {
  testing::CommandResult ldd = run_command({"ldd", MARIONETTE_BINARY});
  ASSERT_EQ(ldd.exit_code, 0) << ldd.err;
  EXPECT_NE(ldd.out.find("libc.so"), std::string::npos) << ldd.out;
  for (const char* library : {"libnetsnmp", "libstdc++", "libgcc_s", "libyaml-cpp", "libyaml-0",
                              "libspdlog", "libfmt", "libhiredis", "libnettle"})
    EXPECT_EQ(ldd.out.find(library), std::string::npos) << library << " in\n" << ldd.out;
}

TEST(SnmpModule, TheModuleSitsWhereTheExecutableLooksAndExportsItsEntry) {
  fs::path module =
      fs::path(MARIONETTE_BINARY).parent_path().parent_path() / "lib/marionette/marionette-snmp.so";
  ASSERT_TRUE(fs::exists(module)) << module;
  testing::CommandResult ldd = run_command({"ldd", module.string()});
  EXPECT_NE(ldd.out.find("libnetsnmpagent"), std::string::npos) << ldd.out;
  EXPECT_NE(ldd.out.find("libstdc++"), std::string::npos) << "the module has its own runtime";
  testing::CommandResult symbols = run_command({"nm", "-D", "--defined-only", module.string()});
  if (symbols.exit_code != 0) GTEST_SKIP() << "nm is not available";
  EXPECT_NE(symbols.out.find("marionette_subagent_run_v3"), std::string::npos) << symbols.out;
}

TEST(SnmpModule, AnAgentWithoutTheModuleSaysWhyAndExits) {
  std::string pattern = (fs::temp_directory_path() / "marionette-module-XXXXXX").string();
  fs::path dir = ::mkdtemp(pattern.data());
  fs::create_directories(dir / "bin");
  fs::copy_file(MARIONETTE_BINARY, dir / "bin/marionette");
  std::ofstream(dir / "site.pp") << "notify { 'x': }\n";
  testing::CommandResult agent =
      run_command({(dir / "bin/marionette").string(), "agent", "--no-daemonize", "--onetime",
                   "--manifest", (dir / "site.pp").string(), "--facts", MARIONETTE_FACTS_FILE,
                   "--statedir", (dir / "state").string()},
                  std::chrono::seconds(20));
  fs::remove_all(dir);
  EXPECT_EQ(agent.exit_code, 1) << agent.out << agent.err;
  EXPECT_NE(agent.err.find("cannot start the agent: cannot load the SNMP subagent module: " +
                           (dir / "lib/marionette/marionette-snmp.so").string()),
            std::string::npos)
      << agent.err;
  EXPECT_FALSE(fs::exists(dir / "state"));
}

}  // namespace
}  // namespace marionette
