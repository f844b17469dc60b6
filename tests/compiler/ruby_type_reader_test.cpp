// The type DSL read without Ruby: the subset module types are written in, and a clear error
// at the place of anything beyond it.
#include "compiler/ruby_type_reader.hpp"

#include <gtest/gtest.h>

#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

namespace marionette::compiler {
namespace {

using Strings = std::vector<std::string>;

ResourceTypeDefinition read(const std::string& name, const std::string& text) {
  return read_ruby_type(lang::make_source(name + ".rb", text), name);
}

TEST(RubyTypeReader, ReadsParametersPropertiesEnsurableAndTheNamevar) {
  ResourceTypeDefinition type = read("widget", R"RUBY(
# A widget: /not a regex/ in a comment, newparam(:commented) too.
Puppet::Type.newtype(:widget) do
  @doc = <<-'EOT'
    Manages widgets. newparam(:in_heredoc) is text here.
  EOT
  ensurable do
    defaultvalues
    defaultto :present
  end
  newparam(:name, :namevar => true) do
    desc "The name, with #{'interpolation'} in a string."
    validate do |value|
      raise ArgumentError, 'bad' unless value =~ /^[a-z]+$/
    end
  end
  newproperty(:size) do
    newvalues(/^\d+$/)
    def insync?(is)
      is.to_i / 2 == should.to_i / 2
    end
  end
  newparam(:force, boolean: true, parent: Puppet::Parameter::Boolean)
  newproperty :color
end
)RUBY");
  EXPECT_EQ(type.name, "widget");
  EXPECT_EQ(type.attributes, (Strings{"ensure", "name", "size", "force", "color"}));
  EXPECT_EQ(type.key_attributes, Strings{"name"});
  EXPECT_TRUE(type.title_patterns.empty());
  EXPECT_FALSE(type.has_attribute("in_heredoc"));
  EXPECT_FALSE(type.has_attribute("commented"));
}

TEST(RubyTypeReader, ReadsIsnamevarAndLiteralTitlePatterns) {
  ResourceTypeDefinition type = read("pair", R"RUBY(
module Puppet
  Type.newtype(:pair) do
    def self.title_patterns
      [
        [%r{^([^/]+)/(.*)$}i, [[:section], [:key]]],
        [/(.*)/m, [[:key, identity]]],
      ]
    end
    newparam(:section) do
      isnamevar
    end
    newparam(:key) { isnamevar }
    newparam(:name)
    newproperty(:value)
  end
end
)RUBY");
  EXPECT_EQ(type.attributes, (Strings{"section", "key", "name", "value"}));
  EXPECT_EQ(type.key_attributes, (Strings{"section", "key"}));
  ASSERT_EQ(type.title_patterns.size(), 2u);
  EXPECT_EQ(type.title_patterns[0].regex, "^([^/]+)/(.*)$");
  EXPECT_TRUE(type.title_patterns[0].ignore_case);
  EXPECT_EQ(type.title_patterns[0].captures, (Strings{"section", "key"}));
  EXPECT_EQ(type.title_patterns[1].captures, Strings{"key"});
}

TEST(RubyTypeReader, ANameParameterIsTheKeyWhenNoneIsMarked) {
  ResourceTypeDefinition type =
      read("plain", "Puppet::Type.newtype(:plain) do\n  newparam(:name)\n  newparam(:x)\nend\n");
  EXPECT_EQ(type.key_attributes, Strings{"name"});
}

// heini-wait-for's wait_for.rb (as Puppet's own exec): a class method that makes the parameter
// it is given, called with literal names.
TEST(RubyTypeReader, ReadsAMethodThatMakesTheParameterItIsGiven) {
  ResourceTypeDefinition type = read("wait", R"RUBY(
module Mixins
  def sync
    tries = self.resource[:max_retries]
  end
end
Puppet::Type.newtype(:wait) do
  def self.newcheck(name, options = {}, &block)
    @checks ||= {}
    check = newparam(name, options, &block)
    @checks[name] = check
  end
  def self.checks
    @checks.keys
  end
  def check_all_attributes(refreshing = false)
    self.class.checks.each { |check| next if refreshing and check == :refreshonly }
  end
  newproperty(:seconds)
  newparam(:query) do
    isnamevar
  end
  newcheck(:refreshonly) do
    newvalues(:true, :false)
    def check(value)
      value != :true
    end
  end
  newcheck :unless, :namevar => false
end
)RUBY");
  EXPECT_EQ(type.attributes, (Strings{"seconds", "query", "refreshonly", "unless"}));
  EXPECT_EQ(type.key_attributes, Strings{"query"});
}

// keystone_user_role.rb and swift's ring_*_device.rb: attributes made in a loop over a literal
// array of symbols, each a namevar when the block says isnamevar.
TEST(RubyTypeReader, ReadsAttributesMadeInALoopOverLiteralSymbols) {
  ResourceTypeDefinition type = read("role", R"RUBY(
Puppet::Type.newtype(:role) do
  newparam(:name, :namevar => true)
  [:user, :project].each do |p|
    newparam(p) do
      isnamevar
    end
  end
  [:id, :balance].each { |param| newproperty(param) }
  newproperty(:roles)
end
)RUBY");
  EXPECT_EQ(type.attributes, (Strings{"name", "user", "project", "id", "balance", "roles"}));
  EXPECT_EQ(type.key_attributes, (Strings{"name", "user", "project"}));
}

/// The error's rendered text: file:line:column and the message.
std::string error_of(const std::string& name, const std::string& text) {
  try {
    read(name, text);
  } catch (const lang::SourceError& e) {
    return lang::render(e);
  }
  return "no error";
}

TEST(RubyTypeReader, NamesTheFileLineAndConstructBeyondIt) {
  std::string parent = error_of(
      "child", "# c\nPuppet::Type.newtype(:child, :parent => Puppet::Type::File) do\nend\n");
  EXPECT_NE(parent.find("child.rb:2:"), std::string::npos) << parent;
  EXPECT_NE(parent.find("a parent type"), std::string::npos) << parent;

  std::string computed = error_of("loop",
                                  "Puppet::Type.newtype(:loop) do\n"
                                  "  PARAMETERS.each do |p|\n"
                                  "    newparam(p)\n"
                                  "  end\n"
                                  "end\n");
  EXPECT_NE(computed.find("loop.rb:3:5: error:"), std::string::npos) << computed;
  EXPECT_NE(computed.find("not a literal symbol"), std::string::npos) << computed;

  std::string patterns = error_of("helper",
                                  "Puppet::Type.newtype(:helper) do\n"
                                  "  def self.title_patterns\n"
                                  "    PuppetX::Split.patterns(:name, :domain)\n"
                                  "  end\n"
                                  "end\n");
  EXPECT_NE(patterns.find("helper.rb:3:"), std::string::npos) << patterns;
  EXPECT_NE(patterns.find("title_patterns"), std::string::npos) << patterns;

  std::string helper = error_of("made",
                                "# config\nPuppet::Type.newtype(:made) do\n"
                                "  extend PuppetX::Config::IniSetting\n"
                                "  create_parameters\nend\n");
  EXPECT_NE(helper.find("made.rb:2:1:"), std::string::npos) << helper;
  EXPECT_NE(helper.find("without a namevar"), std::string::npos) << helper;

  std::string other = error_of("mine", "Puppet::Type.newtype(:theirs) do\nend\n");
  EXPECT_NE(other.find("mine.rb:1:1:"), std::string::npos) << other;
}

TEST(ResourceApiTypeReader, ReadsTheRegisteredDefinition) {
  ResourceTypeDefinition type = read("login", R"RUBY(
# frozen_string_literal: true
require 'puppet/resource_api'

Puppet::ResourceApi.register_type(
  name: 'login',
  docs: <<-EOS,
    @summary a login. attributes: { fake: {} } in the docs.
  EOS
  features: ['simple_get_filter'],
  title_patterns: [
    {
      pattern: %r{^(?<name>.*[^-])-(?<owner>(a|b).*)$},
      desc: 'Where the name and the owner are given',
    },
    {
      pattern: %r{^(?<name>.*)$}i,
      desc: 'Where only the name is given',
    },
  ],
  attributes: {
    ensure: {
      type: 'Enum[present, absent]',
      desc: 'Whether it should be present.',
      default: 'present',
    },
    name: {
      type: 'String',
      desc: "The name (#{'computed'}).",
      behaviour: :namevar,
    },
    :owner => {
      type: 'String',
      behaviour: :namevar,
      default: 'root',
    },
    'password' => {
      type: 'Optional[Sensitive[String]]',
      desc: 'a' + 'b',
    },
    line: { type: 'String', behaviour: :read_only },
  },
)
)RUBY");
  EXPECT_TRUE(type.resource_api);
  EXPECT_EQ(type.attributes, (Strings{"ensure", "name", "owner", "password", "line"}));
  EXPECT_EQ(type.key_attributes, (Strings{"name", "owner"}));
  ASSERT_EQ(type.title_patterns.size(), 2u);
  // Named groups give the attributes; the unnamed one inside captures nothing, as in Ruby.
  EXPECT_EQ(type.title_patterns[0].regex, "^(?<name>.*[^-])-(?<owner>(?:a|b).*)$");
  EXPECT_EQ(type.title_patterns[0].captures, (Strings{"name", "owner"}));
  EXPECT_FALSE(type.title_patterns[0].ignore_case);
  EXPECT_EQ(type.title_patterns[1].captures, Strings{"name"});
  EXPECT_TRUE(type.title_patterns[1].ignore_case);
}

TEST(ResourceApiTypeReader, AddsTheHiddenInsyncPropertyAndRefusesWhatItCannotRead) {
  ResourceTypeDefinition chain = read("chain", R"RUBY(
Puppet::ResourceApi.register_type(
  name: 'chain',
  features: ['custom_insync'],
  attributes: { name: { type: 'String', behaviour: :namevar },
                purge: { type: 'Boolean', behaviour: :parameter } })
)RUBY");
  EXPECT_EQ(chain.attributes, (Strings{"name", "purge", "rsapi_custom_insync_trigger"}));
  EXPECT_EQ(chain.key_attributes, Strings{"name"});
  EXPECT_TRUE(chain.title_patterns.empty());

  std::string computed = error_of("made",
                                  "Puppet::ResourceApi.register_type(\n"
                                  "  name: 'made',\n  attributes: ATTRIBUTES,\n)\n");
  EXPECT_NE(computed.find("made.rb:3:15:"), std::string::npos) << computed;
  EXPECT_NE(computed.find("attributes: that are not a literal hash"), std::string::npos)
      << computed;
  std::string other = error_of("mine",
                               "Puppet::ResourceApi.register_type(name: 'theirs', "
                               "attributes: { name: { behaviour: :namevar } })\n");
  EXPECT_NE(other.find("registers 'theirs' instead"), std::string::npos) << other;
}

TEST(GeneratedTypeReader, ReadsWhatPuppetGenerateTypesWrites) {
  auto source = lang::make_source("pair_setting.pp", R"PP(# This file was automatically generated
Puppet::Resource::ResourceType3.new(
  'pair_setting',
  [
    # The basic property that the resource should be in.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),
    Puppet::Resource::Param(Any, 'value')
  ],
  [
    Puppet::Resource::Param(Any, 'section', true),
    Puppet::Resource::Param(Any, 'key', true),
    Puppet::Resource::Param(Variant[Boolean, Enum['true', 'false']], 'name'),
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /^([^\/]+)\/(.*)$/ => ['section', 'key'],
    /(?m-ix:(.*))/ => ['name']
  },
  true,
  false)
)PP");
  ResourceTypeDefinition type = read_generated_type(source, "pair_setting");
  EXPECT_EQ(type.attributes, (Strings{"ensure", "value", "section", "key", "name", "provider"}));
  EXPECT_EQ(type.key_attributes, (Strings{"section", "key"}));
  ASSERT_EQ(type.title_patterns.size(), 1u);  // the whole-title default is left out
  EXPECT_EQ(type.title_patterns[0].regex, "^([^\\/]+)\\/(.*)$");
  EXPECT_EQ(type.title_patterns[0].captures, (Strings{"section", "key"}));
}

}  // namespace
}  // namespace marionette::compiler
