// The native ERB engine against Ruby's own ERB (trim mode '-', as Puppet 7 renders templates):
// every erb_cases/*.erb is rendered with erb_cases/variables.json by both and must come out
// byte for byte the same. Skipped, saying so, when `ruby` is not installed.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "erb_test_host.hpp"

namespace marionette::compiler::erb {
namespace {

namespace fs = std::filesystem;

const fs::path kCases = fs::path(MARIONETTE_SOURCE_DIR) / "tests/compiler/erb_cases";

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool have_ruby() { return std::system("ruby -rerb -rjson -e '' >/dev/null 2>&1") == 0; }

/// Ruby's output for the template, bounded to 60 seconds.
std::string render_with_ruby(const fs::path& erb) {
  std::string command = "timeout 60 ruby '" + (kCases / "render.rb").string() + "' '" +
                        (kCases / "variables.json").string() + "' '" + erb.string() + "'";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  EXPECT_EQ(pclose(pipe), 0) << "ruby failed on " << erb;
  return out;
}

TEST(ErbDifferential, EveryCaseRendersAsRubyDoes) {
  if (!have_ruby()) GTEST_SKIP() << "ruby with erb and json is not installed: nothing to compare with";
  testing::MapHost host;
  auto variables = nlohmann::ordered_json::parse(read_file(kCases / "variables.json"));
  for (const auto& [name, value] : variables.items()) host.variables[name] = testing::from_json(value);
  int cases = 0;
  for (const auto& entry : fs::directory_iterator(kCases)) {
    if (entry.path().extension() != ".erb") continue;
    ++cases;
    SCOPED_TRACE(entry.path().filename().string());
    std::string native;
    try {
      native = render_erb(*parse_erb(read_file(entry.path())), host);
    } catch (const Unsupported& u) {
      ADD_FAILURE() << "line " << u.line << ": not supported: " << u.construct;
      continue;
    } catch (const TemplateError& e) {
      ADD_FAILURE() << "line " << e.line << ": " << e.message;
      continue;
    }
    EXPECT_EQ(native, render_with_ruby(entry.path()));
  }
  EXPECT_GE(cases, 10);
}

}  // namespace
}  // namespace marionette::compiler::erb
