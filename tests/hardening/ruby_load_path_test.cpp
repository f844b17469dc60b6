// Issue 39: what the embedded Ruby loads, and where it finds what module code requires, through
// the real `marionette compile`. The libraries Puppet has loaded before module code runs (erb,
// json, digest, set, time, base64) load when module code first uses them, so that a compile
// whose Ruby uses none of them does not pay for them; the modules' lib/ directories go on
// $LOAD_PATH as the compile's Ruby reaches them, while a require still finds a file in any
// module's lib/, the modulepath's first module first, as Puppet's $LOAD_PATH (which holds every
// module's lib/) finds it. The values expected are Ruby's own (Digest::MD5.hexdigest('a'), ...).

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

class RubyLoadPath : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-ruby-load-path-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "modules");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative, std::ios::binary) << text;
  }

  /// A 4.x function rt::NAME (module rt) whose body is `body`, returning a String.
  void function(const std::string& name, const std::string& body) {
    write("modules/rt/lib/puppet/functions/rt/" + name + ".rb",
          "Puppet::Functions.create_function(:'rt::" + name + "') do\n  def " + name + "\n    " +
              body + "\n  end\nend\n");
  }

  /// The message of notify 'x' after compiling a manifest that sets it to rt::NAME().
  std::string message_of(const std::string& name) {
    write("site.pp", "notify { 'x': message => rt::" + name + "() }\n");
    CommandResult result = run_command({MARIONETTE_BINARY, "compile", "--env-dir", dir_.string(),
                                        "--facts", MARIONETTE_FACTS_FILE},
                                       kTimeLimit);
    EXPECT_FALSE(result.timed_out);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    const std::string key = "\"message\":\"";
    std::size_t at = result.out.find(key);
    if (at == std::string::npos) return "(no message) " + result.err;
    at += key.size();
    return result.out.substr(at, result.out.find('"', at) - at);
  }

  fs::path dir_;
};

TEST_F(RubyLoadPath, LibrariesPuppetHasLoadedWorkWithoutARequire) {
  function("libs",
           "[Digest::MD5.hexdigest('a'), Digest::SHA256.hexdigest('a')[0, 8],\n"
           "     Digest::SHA1.hexdigest('a')[0, 8], { 'a' => [1, nil] }.to_json.size,\n"
           "     JSON.parse('[7]').first, [1, 2, 2].to_set.size, Set.new([3]).include?(3),\n"
           "     Time.parse('2020-01-02T03:04:05Z').to_i, Time.at(0).utc.iso8601,\n"
           "     Base64.strict_encode64('hi'), ERB.new('<%= 6 * 7 %>').result,\n"
           "     CGI.escape('a b'), Time.at(0).utc.to_date.year].join(' ')");
  EXPECT_EQ(message_of("libs"),
            "0cc175b9c0f1b6a831c399e269772661 ca978112 86f7e437 14 7 2 true 1577934245 "
            "1970-01-01T00:00:00Z aGk= 42 a+b 1970");
}

// The templates' part of the layer (template_compat.rb) loads with the first template Ruby
// renders, or when code names what it defines; what templates use without a require (IPAddr,
// to_yaml) works in functions without it.
TEST_F(RubyLoadPath, TheTemplatesLayerLoadsOnlyWhenUsed) {
  function(
      "templates",
      "loaded = -> { $LOADED_FEATURES.any? { |path| path.end_with?('/template_compat.rb') } }\n"
      "    before = loaded.call\n"
      "    scope = Puppet::Parser::Scope.name\n"
      "    [before, loaded.call, scope, IPAddr.new('10.0.0.1').to_i, { 'a' => 1 "
      "}.to_yaml.size].join(' ')");
  EXPECT_EQ(message_of("templates"), "false true Puppet::Parser::Scope 167772161 9");
}

// Gem::Version (and Requirement), which module code uses without a require as Puppet has
// RubyGems loaded, load alone: RubyGems whole (~40 ms of a worker's CPU) loads only for the rest
// of Gem, a method or another constant, and then answers it.
TEST_F(RubyLoadPath, GemVersionLoadsWithoutRubyGemsWhole) {
  function("gems",
           "whole = -> { $LOADED_FEATURES.any? { |path| path.end_with?('/rubygems.rb') } }\n"
           "    older = Gem::Version.new('2.4.0') < Gem::Version.new('10.1')\n"
           "    met = Gem::Requirement.new('>= 1.2').satisfied_by?(Gem::Version.new('1.10'))\n"
           "    before = whole.call\n"
           "    specs = Gem.loaded_specs.class\n"
           "    [older, met, before, specs, whole.call, Gem::Specification.name].join(' ')");
  EXPECT_EQ(message_of("gems"), "true true false Hash true Gem::Specification");
}

TEST_F(RubyLoadPath, LibrariesNoCodeUsedAreNotLoaded) {
  function("loaded",
           "found = $LOADED_FEATURES.grep(%r{/(erb|json|digest|set|time|date|base64)\\.rb\\z})\n"
           "    found.map { |path| File.basename(path) }.sort.join(',') + '.'");
  EXPECT_EQ(message_of("loaded"), ".");
}

// The layer and the standard library's files load from the instruction sequences the build
// compiled (ruby/lib/marionette/precompiled.rb), not from their source; and a file whose
// source is not the one its sequence was compiled from is compiled by Ruby as always.
TEST_F(RubyLoadPath, TheLayerAndLibrariesLoadPrecompiled) {
  function("precompiled",
           "ERB.new('').result\n"
           "    Puppet::Parser::TemplateWrapper # the templates' part of the layer\n"
           "    require 'ipaddr'\n"
           "    layer = $LOADED_FEATURES.select { |path| path.include?('/marionette/ruby/') }\n"
           "    layer.delete_if { |path| path.end_with?('/precompiled.rb') } # loads them\n"
           "    loaded = Marionette::Precompiled::LOADED\n"
           "    [layer.size > 5, (layer - loaded).size,\n"
           "     loaded.count { |path| path.end_with?('/erb.rb', '/ipaddr.rb') }].join(' ')");
  EXPECT_EQ(message_of("precompiled"), "true 0 2");
}

TEST_F(RubyLoadPath, AFileChangedSinceItWasPrecompiledLoadsFromItsSource) {
  function(
      "changed",
      "file = Marionette::Precompiled::INDEX.keys.find { |path| path.end_with?('/ipaddr.rb') }\n"
      "    copy = File.join(ENV.fetch('TMPDIR', '/tmp'), "
      "\"marionette-precompiled-#{Process.pid}.rb\")\n"
      "    File.write(copy, \"CHANGED = 'source'\\n\")\n"
      "    Marionette::Precompiled::INDEX[copy] = Marionette::Precompiled::INDEX[file]\n"
      "    load copy\n"
      "    File.delete(copy)\n"
      "    [CHANGED, Marionette::Precompiled::LOADED.include?(copy)].join(' ')");
  EXPECT_EQ(message_of("changed"), "source false");
}

TEST_F(RubyLoadPath, OnlyReachedModulesLibDirectoriesAreOnTheLoadPath) {
  write("modules/unused/lib/puppet_x/unused/thing.rb", "module Unused; end\n");
  function(
      "path",
      "$LOAD_PATH.grep(%r{/modules/}).map { |dir| File.basename(File.dirname(dir)) }.join(',')");
  EXPECT_EQ(message_of("path"), "rt");
}

TEST_F(RubyLoadPath, ARequireFindsAFileInAModuleTheCompileDidNotReach) {
  write("modules/other/lib/puppet_x/other/helper.rb",
        "require 'puppet_x/other/inner'\nmodule PuppetXOther\n  VALUE = \"from other \" + "
        "INNER\nend\n");
  write("modules/other/lib/puppet_x/other/inner.rb",
        "module PuppetXOther\n  INNER = 'inner'\nend\n");
  function("req",
           "first = require 'puppet_x/other/helper'\n"
           "    [PuppetXOther::VALUE, first, require('puppet_x/other/helper')].join(' ')");
  EXPECT_EQ(message_of("req"), "from other inner true false");
}

TEST_F(RubyLoadPath, AnAutoloadFindsAFileInAModuleTheCompileDidNotReach) {
  write("modules/other/lib/puppet_x/other/auto.rb", "module OtherAuto\n  X = 'autoloaded'\nend\n");
  function("auto", "Object.autoload(:OtherAuto, 'puppet_x/other/auto')\n    OtherAuto::X");
  EXPECT_EQ(message_of("auto"), "autoloaded");
}

TEST_F(RubyLoadPath, TheModulepathsFirstModuleProvidesAFileTwoModulesShip) {
  write("modules/aa/lib/puppet_x/dup.rb", "DUP = 'aa'\n");
  write("modules/zz/lib/puppet_x/dup.rb", "DUP = 'zz'\n");
  function("dup", "require 'puppet_x/dup'\n    DUP");
  EXPECT_EQ(message_of("dup"), "aa");
}

TEST_F(RubyLoadPath, AFileNoModuleHasFailsAsRubyFailsIt) {
  function("missing",
           "require 'puppet_x/nowhere/at_all'\n  rescue LoadError => e\n"
           "    \"#{e.class}: #{e.message} (#{e.path})\"");
  EXPECT_EQ(
      message_of("missing"),
      "LoadError: cannot load such file -- puppet_x/nowhere/at_all (puppet_x/nowhere/at_all)");
}

}  // namespace
}  // namespace marionette
