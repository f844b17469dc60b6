// Environment::module_has_file: a compile asks stdlib's function files at every call of a
// validate_*/is_* function; the environment answers each file once for its life.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "compiler/environment.hpp"

namespace marionette::compiler {
namespace {

namespace fs = std::filesystem;

TEST(ModuleFiles, EachFileIsAskedOnceForTheEnvironmentsLife) {
  char pattern[] = "/tmp/marionette-modfiles-XXXXXX";
  const fs::path dir = mkdtemp(pattern);
  const fs::path functions = dir / "modules/stdlib/lib/puppet/functions";
  fs::create_directories(functions);
  std::ofstream(functions / "validate_string.rb") << "# shipped\n";
  {
    Environment first(dir, std::nullopt, std::vector<fs::path>{dir / "modules"});
    EXPECT_TRUE(first.module_has_file("stdlib", "lib/puppet/functions/validate_string.rb"));
    EXPECT_FALSE(first.module_has_file("stdlib", "lib/puppet/functions/is_string.rb"));
    EXPECT_FALSE(first.module_has_file("nope", "lib/puppet/functions/validate_string.rb"));
    // The module's files are the compile's as it began: the answers stand.
    fs::remove(functions / "validate_string.rb");
    std::ofstream(functions / "is_string.rb") << "# added\n";
    EXPECT_TRUE(first.module_has_file("stdlib", "lib/puppet/functions/validate_string.rb"));
    EXPECT_FALSE(first.module_has_file("stdlib", "lib/puppet/functions/is_string.rb"));
  }
  // The next compile's environment sees the files as they are.
  Environment next(dir, std::nullopt, std::vector<fs::path>{dir / "modules"});
  EXPECT_FALSE(next.module_has_file("stdlib", "lib/puppet/functions/validate_string.rb"));
  EXPECT_TRUE(next.module_has_file("stdlib", "lib/puppet/functions/is_string.rb"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace marionette::compiler
