// Golden parser tests: each cases/NAME.pp (or .epp) is parsed; the dump (one top-level statement
// a line) or the rendered error (file:line:column, source line, caret) must equal NAME.out.
// The .out files are written and reviewed by hand: no test writes them from our output.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lang/ast/dump.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

namespace marionette::lang {
namespace {

namespace fs = std::filesystem;

const fs::path kCases = MARIONETTE_PARSER_CASES_DIR;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> case_files() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(kCases)) {
    auto extension = entry.path().extension();
    if (extension == ".pp" || extension == ".epp") names.push_back(entry.path().filename());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string parse_or_error(const std::string& name) {
  auto source = make_source(name, read_text(kCases / name));
  ast::Arena arena;
  try {
    if (name.ends_with(".epp")) return ast::dump_statements(parse_epp(source, arena).root) + "\n";
    return ast::dump_statements(parse(source, arena).body) + "\n";
  } catch (const SourceError& e) {
    return render(e);
  }
}

class GoldenParser : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenParser, MatchesExpectedOutput) {
  fs::path expected = kCases / fs::path(GetParam()).replace_extension(".out");
  std::string actual = parse_or_error(GetParam());
  ASSERT_TRUE(fs::exists(expected)) << expected << " is missing";
  EXPECT_EQ(actual, read_text(expected));
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenParser, ::testing::ValuesIn(case_files()),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::replace_if(
                               name.begin(), name.end(), [](char c) { return !std::isalnum(c); },
                               '_');
                           return name;
                         });

}  // namespace
}  // namespace marionette::lang
