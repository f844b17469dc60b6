// Issue 23: templates beyond the native ERB engine render whole in marionette-ruby.so's own ERB,
// through the real `marionette compile`. What golden cases (erb_ruby_fallback, by Puppet) cannot
// show: the module absent, not loaded for templates the native engine takes, exact error texts
// and positions, output produced once, nesting bounded.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::CommandResult;
using testing::run_command;

constexpr auto kTimeLimit = 60s;

class RubyTemplates : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-ruby-templates-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "modules/rt/templates");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative, std::ios::binary) << text;
  }

  CommandResult compile(const std::string& manifest,
                        const std::vector<std::pair<std::string, std::string>>& env = {}) {
    write("site.pp", manifest);
    CommandResult result = run_command({MARIONETTE_BINARY, "compile", "--env-dir", dir_.string(),
                                        "--facts", MARIONETTE_FACTS_FILE},
                                       kTimeLimit, env);
    EXPECT_FALSE(result.timed_out) << manifest;
    return result;
  }

  std::string absent() const { return (dir_ / "absent.so").string(); }

  fs::path dir_;
};

TEST_F(RubyTemplates, ToYamlAndIpaddrRenderInRuby) {
  write("modules/rt/templates/y.erb",
        "<%- require 'ipaddr' -%>\n<%= @h.to_yaml -%>\n"
        "<%= IPAddr.new('10.0.0.0/8').include?(IPAddr.new(@ip)) %>\n");
  CommandResult result = compile(
      "$h = { 'a' => [1, 2] }\n$ip = '10.1.2.3'\n"
      "notify { 'x': message => template('rt/y.erb') }\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find(R"(---\na:\n- 1\n- 2\ntrue\n)"), std::string::npos) << result.out;
}

TEST_F(RubyTemplates, WithoutTheModuleTheErrorNamesTemplateConstructAndPackage) {
  write("modules/rt/templates/y.erb", "one\n<% for x in @h do %><%= x %><% end %>\n");
  CommandResult result = compile("$h = {}\n  notify { 'x': message => template('rt/y.erb') }\n",
                                 {{"MARIONETTE_RUBY_MODULE", absent()}});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("site.pp:2:28: error: The template 'rt/y.erb' uses Ruby beyond "
                            "marionette's ERB engine ('for', line 2), which needs "
                            "marionette's embedded Ruby: install the package marionette-ruby"),
            std::string::npos)
      << result.err;
  result = compile("notify { 'x': message => inline_template('<% for x in [1] do %><% end %>') }\n",
                   {{"MARIONETTE_RUBY_MODULE", absent()}});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("error: An inline template uses Ruby beyond marionette's ERB engine"),
            std::string::npos)
      << result.err;
}

TEST_F(RubyTemplates, TemplatesTheNativeEngineTakesNeverLoadTheModule) {
  write("modules/rt/templates/n.erb", "<%= @x.upcase %>\n");
  CommandResult result = compile("$x = 'a'\nnotify { 'x': message => template('rt/n.erb') }\n",
                                 {{"MARIONETTE_RUBY_MODULE", absent()}});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find(R"("A\n")"), std::string::npos) << result.out;
}

// Issue 39: apache's vhost/_directories.erb pattern (a Hash set with scope.setvar, filled in
// place, read by the template it includes) renders natively: the same output as Puppet's
// (golden erb_ruby_setvar_shared) with the embedded Ruby absent.
TEST_F(RubyTemplates, AHashSharedThroughSetvarRendersWithoutRuby) {
  write("modules/rt/templates/outer.erb",
        "<%- scope.setvar('_shared', {}) -%>\n<%- @dirs.each do |dir| -%>\n"
        "<%- scope.lookupvar('_shared')[:item] = dir -%>\n"
        "<%= scope.function_template(['rt/inner.erb']) -%>\n<%- end -%>\n");
  write("modules/rt/templates/inner.erb",
        "<%- item = scope.lookupvar('_shared')[:item] -%>\n<Directory <%= item %>>\n");
  CommandResult result =
      compile("$dirs = ['/a', '/b']\nnotify { 'x': message => template('rt/outer.erb') }\n",
              {{"MARIONETTE_RUBY_MODULE", absent()}});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find(R"(<Directory /a>\n<Directory /b>\n)"), std::string::npos)
      << result.out;
}

// Puppet's words (a `for` loop makes Ruby render these): the reference, the first backtrace
// frame's file and line, Ruby's message;
// the position is the template() call's.
TEST_F(RubyTemplates, AnErrorInsideARubyRenderedTemplateIsWordedAsPuppetWordsIt) {
  write("modules/rt/templates/bad.erb",
        "<%- for x in [1] do; end -%>\nline two\n<%= @nope.foo %>\n");
  CommandResult result = compile("\nnotify { 'x': message => template('rt/bad.erb') }\n");
  EXPECT_EQ(result.exit_code, 1);
  std::string path = fs::weakly_canonical(dir_ / "modules/rt/templates/bad.erb").string();
  EXPECT_NE(result.err.find("site.pp:2:26: error: Failed to parse template rt/bad.erb:\n"
                            "  Filepath: " +
                            path +
                            "\n  Line: 3\n"
                            "  Detail: undefined method `foo' for nil:NilClass\n"),
            std::string::npos)
      << result.err;
  result = compile(
      "notify { 'x': message => inline_template(\"<% for x in [] do %><% end %>\\n<%= nil.x %>\") "
      "}\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("site.pp:1:26: error: Failed to parse inline template: "
                            "undefined method `x' for nil:NilClass"),
            std::string::npos)
      << result.err;
}

// A template including a template that fails: Puppet wraps the inner message in the outer's,
// naming its own template() as the outer's file and line; the outer rendered by Ruby (a `for`
// loop is beyond the native engine) and natively.
TEST_F(RubyTemplates, ANestedTemplatesErrorIsWrappedAsPuppetWrapsIt) {
  write("modules/rt/templates/native.erb", "<%= scope.function_template(['rt/inner.erb']) %>\n");
  write("modules/rt/templates/inner.erb", "a\n<%= nil.foo %>\n");
  CommandResult native = compile("notify { 'x': message => template('rt/native.erb') }\n");
  EXPECT_EQ(native.exit_code, 1);
  EXPECT_NE(native.err.find("error: Failed to parse template rt/native.erb:\n"
                            "  Filepath: /usr/lib/ruby/vendor_ruby/puppet/parser/functions/"
                            "template.rb\n  Line: 36\n"
                            "  Detail: Failed to parse template rt/inner.erb:\n"),
            std::string::npos)
      << native.err;
  write("modules/rt/templates/outer.erb",
        "<% for x in [] do %><% end %><%= scope.function_template(['rt/inner.erb']) %>\n");
  write("modules/rt/templates/inner.erb", "a\n<%= nil.foo %>\n");
  CommandResult result = compile("notify { 'x': message => template('rt/outer.erb') }\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("error: Failed to parse template rt/outer.erb:\n"
                            "  Filepath: /usr/lib/ruby/vendor_ruby/puppet/parser/functions/"
                            "template.rb\n  Line: 36\n"
                            "  Detail: Failed to parse template rt/inner.erb:\n"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("  Line: 2\n  Detail: undefined method `foo' for nil:NilClass\n"),
            std::string::npos)
      << result.err;
}

// The native parse decides before anything runs: a function the template calls runs once.
TEST_F(RubyTemplates, OutputAndCallsHappenOnce) {
  write("modules/rt/templates/once.erb",
        "<%- scope.function_notice(['rendered']) -%><% for x in [@x] do %><%= x %><% end %>");
  CommandResult result = compile("$x = 'v'\nnotify { 'x': message => template('rt/once.erb') }\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::size_t first = result.err.find("rendered");
  ASSERT_NE(first, std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("rendered", first + 1), std::string::npos) << result.err;
}

TEST_F(RubyTemplates, TemplatesIncludingThemselvesAreBounded) {
  write("modules/rt/templates/loop.erb",
        "<% for x in [] do %><% end %><%= scope.function_template(['rt/loop.erb']) %>");
  CommandResult result = compile("notify { 'x': message => template('rt/loop.erb') }\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("templates nested deeper than 64"), std::string::npos)
      << result.err.substr(0, 2000);
}

}  // namespace
}  // namespace marionette
