#include "rubyish/ruby_scanner.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace marionette::rubyish {
namespace {

/// The String tokens of a function file's reading, each as its parts: text, and `#{code}` for
/// an interpolation.
std::vector<std::string> strings_of(const std::string& source) {
  std::vector<std::string> strings;
  for (const Token& token : scan_ruby(source, Reading::Function)) {
    if (token.kind != TokenKind::String) continue;
    std::string shown;
    for (const StringPart& part : token.parts)
      shown += part.code ? "#{" + part.text + "}" : part.text;
    strings.push_back(shown);
  }
  return strings;
}

// Issue 37: a 3.x function's heredocs (its :doc) are read with their bodies, as Ruby 3.1 reads
// them (checked with Ruby 3.1's `p <<-EOS ...`; an interpolation is shown as its `#{code}`).
TEST(FunctionReading, HeredocBodiesAsRubyReadsThem) {
  EXPECT_EQ(strings_of("a = <<-EOS\n    two\\tescaped #{1 + 1}\n  EOS\n"),
            std::vector<std::string>{"    two\tescaped #{1 + 1}\n"});
  EXPECT_EQ(strings_of("b = <<-'EOS'\n    raw \\n #{x}\n    EOS\n"),
            std::vector<std::string>{"    raw \\n #{x}\n"});
  EXPECT_EQ(strings_of("c = <<~EOS\n    deep\n      deeper\n\n    back\n  EOS\n"),
            std::vector<std::string>{"deep\n  deeper\n\nback\n"});
  EXPECT_EQ(strings_of("d = [<<EOS, 'after']\nplain\nEOS\n"),
            (std::vector<std::string>{"plain\n", "after"}));
}

TEST(FunctionReading, HeredocInAnArgumentListLeavesTheRestOfTheLine) {
  std::vector<Token> tokens =
      scan_ruby("f(:x, :doc => <<-EOS) do |args|\n  text\n  EOS\n  args\nend\n", Reading::Function);
  std::string kinds;
  for (const Token& token : tokens) kinds += token.text + " ";
  EXPECT_NE(kinds.find(") do | args |"), std::string::npos) << kinds;
  EXPECT_EQ(strings_of("f(:x, :doc => <<-EOS) do |args|\n  text\n  EOS\n  args\nend\n"),
            std::vector<std::string>{"  text\n"});
}

TEST(FunctionReading, ModuleIsReadAndTemplatesStillRefuseIt) {
  EXPECT_NO_THROW(scan_ruby("module Puppet::Parser::Functions\nend\n", Reading::Function));
  EXPECT_THROW(scan_ruby("module X\nend\n", Reading::Template), Unsupported);
  EXPECT_THROW(scan_ruby("x = <<-EOS\nbody\n", Reading::Function), Unsupported);
}

}  // namespace
}  // namespace marionette::rubyish
