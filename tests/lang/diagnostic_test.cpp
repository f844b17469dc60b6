#include "lang/diagnostic.hpp"

#include <gtest/gtest.h>

#include <optional>

#include "lang/located_error.hpp"
#include "lang/parser.hpp"

namespace marionette::lang {
namespace {

TEST(Diagnostic, RendersLocationLineAndUnderline) {
  auto file = make_source("/env/site.pp", "$a = 1\n  $bad = $x +\n");
  SourceLocation where{file.get(), 2, 3, 4};
  EXPECT_EQ(render_diagnostic("Cannot reassign variable '$bad'", where),
            "/env/site.pp:2:3: error: Cannot reassign variable '$bad'\n  $bad = $x +\n  ^~~~\n");
}

TEST(Diagnostic, UnknownLocationIsJustTheMessage) {
  EXPECT_EQ(render_diagnostic("no node", SourceLocation{}), "error: no node\n");
}

TEST(Diagnostic, AFileWithoutALineIsNamed) {
  auto file = make_source("/etc/facts.yaml", "");
  EXPECT_EQ(render_diagnostic("cannot read the file", SourceLocation{file.get(), 0, 0, 1}),
            "/etc/facts.yaml: error: cannot read the file\n");
}

// A data file's error (YAML, JSON) is a SourceError that keeps its own copy of the text.
TEST(Diagnostic, AnErrorInADataFileRendersItsLineAndCaret) {
  try {
    throw_in_file("/d/common.yaml", "a: 1\nb: [1, 2\n", 2, 4, 1, "did not find expected ']'");
  } catch (const SourceError& e) {
    EXPECT_EQ(e.message(), "did not find expected ']'");
    EXPECT_EQ(render(e), "/d/common.yaml:2:4: error: did not find expected ']'\nb: [1, 2\n   ^\n");
    EXPECT_EQ(describe(e), render(e));
    EXPECT_EQ(describe_line(e), "/d/common.yaml:2:4: error: did not find expected ']'");
  }
  try {
    throw_at_offset("c.json", "{\"a\":\n [}\n", 8, "unexpected '}'");
  } catch (const SourceError& e) {
    EXPECT_EQ(render(e), "c.json:2:3: error: unexpected '}'\n [}\n  ^\n");
  }
  EXPECT_EQ(describe(std::runtime_error("plain")), "plain\n");
}

// Puppet's wording names the first declaration inside the message; a note line names it as a
// place too (the conformance tool and editors look for FILE:LINE).
TEST(Diagnostic, APlaceNamedInsideTheMessageGetsANoteLine) {
  auto file = make_source("/env/site.pp", "file { '/x': }\nfile { '/x': }\n");
  SourceLocation where{file.get(), 2, 1, 4};
  EXPECT_EQ(render_diagnostic("Duplicate declaration: File[/x] is already declared at (file: "
                              "/env/site.pp, line: 1); cannot redeclare (file: /env/site.pp, "
                              "line: 2)",
                              where),
            "/env/site.pp:2:1: error: Duplicate declaration: File[/x] is already declared at "
            "(file: /env/site.pp, line: 1); cannot redeclare (file: /env/site.pp, line: 2)\n"
            "file { '/x': }\n^~~~\n"
            "/env/site.pp:1: note: the other place this error names\n");
}

TEST(Diagnostic, TabsKeptSoTheCaretLinesUp) {
  auto file = make_source("t.pp", "\tfoo bar\n");
  EXPECT_EQ(render_diagnostic("m", SourceLocation{file.get(), 1, 6, 3}),
            "t.pp:1:6: error: m\n\tfoo bar\n\t    ^~~\n");
}

TEST(Diagnostic, AnErrorKeepsItsFileAfterTheParseIsGone) {
  std::optional<SourceError> kept;
  std::weak_ptr<const SourceFile> file;
  {
    ast::Arena arena;
    auto source = make_source("/env/broken.pp", "notify { 'x':\n  message => ,\n}\n");
    file = source;
    try {
      parse(source, arena);
    } catch (const SourceError& error) {
      kept = error;  // the source, the arena and the nodes are gone after this block
    }
  }
  ASSERT_TRUE(kept);
  EXPECT_FALSE(file.expired()) << "the error owns the file its location points into";
  std::string rendered = render(*kept);
  EXPECT_TRUE(rendered.starts_with("/env/broken.pp:2:")) << rendered;
  EXPECT_NE(rendered.find("  message => ,\n"), std::string::npos) << rendered;
  kept.reset();
  EXPECT_TRUE(file.expired());
}

}  // namespace
}  // namespace marionette::lang
