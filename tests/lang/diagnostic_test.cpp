#include "lang/diagnostic.hpp"

#include <gtest/gtest.h>

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

TEST(Diagnostic, TabsKeptSoTheCaretLinesUp) {
  auto file = make_source("t.pp", "\tfoo bar\n");
  EXPECT_EQ(render_diagnostic("m", SourceLocation{file.get(), 1, 6, 3}),
            "t.pp:1:6: error: m\n\tfoo bar\n\t    ^~~\n");
}

}  // namespace
}  // namespace marionette::lang
