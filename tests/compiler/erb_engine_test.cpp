// The native ERB engine (compiler/erb): what it takes, what it refuses before running, and the
// Ruby errors it raises with the template's line. Output expectations were checked with
// `ruby -rerb` (trim mode '-').

#include <gtest/gtest.h>

#include "erb_test_host.hpp"

namespace marionette::compiler::erb {
namespace {

std::string render(const std::string& text, testing::MapHost& host) {
  return render_erb(*parse_erb(text), host);
}

std::string render(const std::string& text) {
  testing::MapHost host;
  host.variables["list"] = RubyArray{RubyValue(1), RubyValue("a"), RubyValue()};
  host.variables["name"] = "web";
  host.variables["hash"] = RubyHash{{RubyValue("k"), RubyValue(1.5)}};
  return render(text, host);
}

TEST(ErbEngine, TrimModeDash) {
  EXPECT_EQ(render("a\n  <%- if true -%>\n  b\n  <%- end -%>\nc\n"), "a\n  b\nc\n");
  EXPECT_EQ(render("x <%- 1 -%> y"), "x  y");
  EXPECT_EQ(render("<% if true %>\nkept\n<% end %>\n"), "\nkept\n\n");
  EXPECT_EQ(render("<%# comment -%>\nz"), "z");
  EXPECT_EQ(render("<%% x %> %%>"), "<% x %> %%>");
  EXPECT_EQ(render("<%= 'a' -%>"), "a");
}

TEST(ErbEngine, ToSOfRubyValues) {
  EXPECT_EQ(render("<%= @list %>|<%= @hash %>|<%= @nothing %>|<%= 1e20 %>|<%= 2.0 %>"),
            "[1, \"a\", nil]|{\"k\"=>1.5}||1.0e+20|2.0");
  EXPECT_EQ(render("<%= :sym.inspect %> <%= \"q\\\"#{1}\".inspect %>"), ":sym \"q\\\"1\"");
}

TEST(ErbEngine, BlocksAndControl) {
  EXPECT_EQ(render("<% @list.compact.each_with_index do |x, i| -%><%= i %>=<%= x %>;<% end -%>"),
            "0=1;1=a;");
  EXPECT_EQ(render("<%= @hash.map { |k, v| \"#{k}:#{v}\" }.join %>"), "k:1.5");
  EXPECT_EQ(render("<% case @name when /^w/ then %>w<% else %>other<% end %>"), "w");
  EXPECT_EQ(render("<%= @name == 'web' ? 'yes' : 'no' %><%= 'u' unless @name %>"), "yes");
  EXPECT_EQ(render("<%= [3, 1, 2].sort_by { |x| -x }.inspect %>"), "[3, 2, 1]");
  EXPECT_EQ(render("<%= @list.map(&:to_s).inspect %>"), "[\"1\", \"a\", \"\"]");
}

// Kernel#format as sprintf, format and String#% (nginx's nginx.conf.erb, saz's limits.erb):
// rendered natively, the outputs those of `ruby -rerb`.
TEST(ErbEngine, KernelFormat) {
  EXPECT_EQ(
      render("<%= sprintf(\"%-*s|\", 6, \"ab\") %><%= format(\"%05.1f %s\", 3.14159, \"x\") %>|"
             "<%= \"%-4s|\" % \"a\" %><%= \"%d-%s\" % [1, \"b\"] %>|"
             "<%= sprintf(\"%s %p\", nil, \"q\") %>"),
      "ab    |003.1 x|a   |1-b| \"q\"");
  testing::MapHost host;
  host.variables["width"] = RubyValue(5);
  EXPECT_EQ(render("<%= sprintf('%-*s', @width, 'k') %>;<% w = '%3d' %><%= w % 7 %>", host),
            "k    ;  7");
  try {
    render("<%= sprintf('%d') %>");
    FAIL() << "no error";
  } catch (const TemplateError& e) {
    EXPECT_EQ(e.message, "too few arguments");  // Ruby's ArgumentError
  }
}

// `[*x]` (snmp's snmpd.conf.erb), `k, v = list` (mongodb's mongodb.conf.erb) and
// `instance_variables` (nginx's server_header.erb), rendered natively as `ruby -rerb` renders them.
std::string render_or_why(const std::string& text) {
  try {
    return render(text);
  } catch (const Unsupported& u) {
    return "unsupported: " + u.construct;
  } catch (const TemplateError& e) {
    return "error: " + e.message;
  }
}

TEST(ErbEngine, SplatMultipleAssignmentInstanceVariables) {
  EXPECT_EQ(
      render("<%= [*@list].compact.inspect %>|<%= [*nil, *'a', *[1, 2], *{'k' => 1}].inspect %>"),
      "[1, \"a\"]|[\"a\", 1, 2, [\"k\", 1]]");
  EXPECT_EQ(
      render("<% k, v = 'a=b'.split('=') %><%= k %>-<%= v %>"
             "<% x, y = 1 %><%= x %><%= y.inspect %><% @p, q = [3, 4, 5] %><%= @p %><%= q %>"),
      "a-b1nil34");
  EXPECT_EQ(
      render(
          "<%= instance_variables.first(2).inspect %> <%= instance_variables.include?(:@name) %> "
          "<%= instance_variables.any? { |iv| iv.to_s.include? 'ash' } %> "
          "<%= instance_variables.include?(:@nothing) %>"),
      "[:@__scope__, :@__file__] true true false");
}

// begin/rescue/else/ensure and IPAddr.new as haproxy's fragments/_bind.erb uses them (an address
// checked, its InvalidAddressError rescued as the ArgumentError it is): native, the outputs those
// of `ruby -rerb -ripaddr`. What the engine cannot tell for sure is Ruby's: a network or a zone
// id (IPAddr.new of another form), a method of the IPAddr, a rescued exception read, an
// error of a class the engine does not know met by `rescue SomeClass`, an unrescued IPAddr error.
TEST(ErbEngine, BeginRescueAndIpaddr) {
  EXPECT_EQ(render_or_why("<%- require 'ipaddr' -%>"
                          "<%- ['10.0.0.1', 'web-1.example.com', '*'].each do |a|\n"
                          "  begin\n    IPAddr.new(a)\n    ok = true\n"
                          "  rescue ArgumentError => e\n    ok = false\n  end -%>"
                          "<%= a %>=<%= ok %>;<%- end -%>"),
            "10.0.0.1=true;web-1.example.com=false;*=false;");
  EXPECT_EQ(render_or_why("<% log = [] %><%= begin\n log << 'body'\n 1\nrescue ArgumentError\n 2\n"
                          "else\n log << 'else'\n 3\nensure\n log << 'ensure'\n 4\nend %>"
                          "<%= log.join(',') %>"),
            "3body,else,ensure");
  EXPECT_EQ(
      render_or_why("<%= begin; Integer('x'); rescue; 'bare'; end %>|"
                    "<%= begin; raise 'boom'; rescue TypeError, StandardError; 'listed'; end %>|"
                    "<% log = [] %><%= begin\n begin\n  raise 'in'\n ensure\n  log << 'e'\n end\n"
                    "rescue => x\n 'outer'\nend %><%= log.inspect %>|"
                    "<%= IPAddr.new('10.1.2.3').inspect %> <%= IPAddr.new('10.1.2.3') %> "
                    "<%= IPAddr.new('10.1.2.3').is_a?(IPAddr) %>"),
      "bare|listed|outer[\"e\"]|#<IPAddr: IPv4:10.1.2.3/255.255.255.255> 10.1.2.3 true");
  EXPECT_EQ(render_or_why("<%= begin; raise 'boom'; rescue TypeError; 1; end %>"),
            "unsupported: 'rescue TypeError' of an error of another class");
  EXPECT_EQ(render_or_why("<%= begin; IPAddr.new('::1'); rescue ArgumentError; 1; end %>"), "::1");
  EXPECT_EQ(render_or_why("<%= IPAddr.new('fe80::1%eth0') %>"),
            "unsupported: IPAddr.new of an address of this form");
  EXPECT_EQ(render_or_why("<%= IPAddr.new('10.0.0.0/8').to_s %>"),
            "unsupported: IPAddr.new of an address of this form");
  EXPECT_EQ(render_or_why("<%= IPAddr.new('10.0.0.1').ipv4? %>"), "true");
  EXPECT_EQ(render_or_why("<%= IPAddr.new('10.0.0.1').include?(1) %>"),
            "unsupported: IPAddr#include?");
  EXPECT_EQ(render_or_why("<%= IPAddr.new('nope') %>"),
            "unsupported: an unrescued IPAddr::InvalidAddressError");
  EXPECT_EQ(render_or_why("<% begin; IPAddr.new('x'); rescue => e; end %><%= e %>"),
            "unsupported: a rescued exception ('e')");
  EXPECT_EQ(render_or_why("<%= Hash.new(0) %>"), "unsupported: method 'new'");
  // zookeeper's zoo.cfg.erb: `_servers = Hash.new`, then filled.
  EXPECT_EQ(render_or_why("<% h = Hash.new; h[1] = 2 %><%= h.inspect %><%= Array.new.inspect %>"),
            "{1=>2}[]");
  EXPECT_EQ(render_or_why("<% begin %>1<% end while false %>"),
            "unsupported: 'begin ... end while'");
}

TEST(ErbEngine, ScopeAccess) {
  EXPECT_EQ(render("<%= scope['name'] %> <%= scope.lookupvar('::name') %> "
                   "<%= scope.function_upcase(['x']) %> <%= has_variable?('nothing') %>"),
            "web web X false");
}

TEST(ErbEngine, MethodsDefinedInTheTemplate) {
  EXPECT_EQ(render("<%- def yes_no(v)\n  return 'yes' if v\n  'no'\nend -%><%= yes_no(true) %>/<%= "
                   "yes_no(nil) %>"),
            "yes/no");
  // Optional parameters (a default sees the parameters before it) and `*rest`, as `ruby` binds
  // them, and its count errors.
  EXPECT_EQ(render_or_why("<%- def f(a, b = a * 2, *r)\n  [a, b, r].inspect\nend -%>"
                          "<%= f(1) %> <%= f(1, 3, 4) %>"),
            "[1, 2, []] [1, 3, [4]]");
  EXPECT_EQ(render_or_why("<%- def g(a, b = 1)\nend -%><%= g %>"),
            "error: wrong number of arguments (given 0, expected 1..2)");
  EXPECT_EQ(render_or_why("<%- def g(a, b = 1)\nend -%><%= g(1, 2, 3) %>"),
            "error: wrong number of arguments (given 3, expected 1..2)");
  EXPECT_EQ(render_or_why("<%- def h(a = 1, b)\nend -%>"),
            "unsupported: a required method parameter after an optional one");
  EXPECT_EQ(render("<%= Regexp.escape('a.b c') %>"), "a\\.b\\ c");
  EXPECT_EQ(render("<%= /^[|\\/]/.match('/x') ? 1 : 2 %><%= /x/.match(nil).inspect %>"), "1nil");
  EXPECT_EQ(render("<%- x = 'A' -%><%= ['', 'a'].include?x.downcase %>"), "true");
  EXPECT_EQ(render("<%= [[nil, 1], [nil, 2]].sort_by { |k, v| k }.inspect %>"),
            "[[nil, 1], [nil, 2]]");
}

// In-place String methods (mongodb's mongodb.conf.erb: `k, v = v.split(':')`, `k.strip!`): a
// change shows through every name for the string; nil when nothing changed; FrozenError on a
// frozen string. Outputs as Puppet 7 and OpenVox 8 render them (golden erb_string_in_place).
TEST(ErbEngine, InPlaceStringMethods) {
  EXPECT_EQ(
      render("<% k, v = ' a : b'.split(':') %><% k.strip!() %><% v.strip! %>[<%= k %>|<%= v %>]"),
      "[a|b]");
  EXPECT_EQ(
      render("<% s = ' a b  ' %><%= s.strip!.inspect %> <%= s.strip!.inspect %> <%= s.inspect %>"),
      "\"a b\" nil \"a b\"");
  EXPECT_EQ(render("<%= 'ab'.chomp!('b').inspect %> <%= 'ab'.chomp!('c').inspect %> "
                   "<%= \"a\\n\\n\".chomp!('').inspect %> <%= ''.chop!.inspect %> "
                   "<%= 'aabb'.squeeze!('b').inspect %> <%= 'aB'.swapcase!.inspect %> "
                   "<%= 'hello'.tr!('el', 'ip').inspect %> <%= 'abc'.gsub!(/x/, '+').inspect %> "
                   "<%= 'a'.reverse!.inspect %>"),
            "\"a\" nil \"a\" nil \"aab\" \"Ab\" \"hippo\" nil \"a\"");
  EXPECT_EQ(render("<% s = 'q'; t = s; t << 'z'; u = t.upcase!; v = t.upcase! %><%= [s, t, u, "
                   "v].inspect %>"),
            "[\"QZ\", \"QZ\", \"QZ\", nil]");
  EXPECT_EQ(render("<% l = [' x ', 'y '] %><% l.each { |e| e.strip! } %><%= l.inspect %>"
                   "<% d = l[0].dup %><% d << '+' %><%= [l[0], d].inspect %>"),
            "[\"x\", \"y\"][\"x\", \"x+\"]");
  // A literal is a new String each time it runs.
  EXPECT_EQ(render("<% 2.times do %><% b = '' %><% b << 'x' %><%= b %><% end %>"), "xx");
  EXPECT_EQ(render("<% f = 'x'.freeze %><%= (f.strip! rescue 'raised') %> <%= f.frozen? %> "
                   "<%= f.dup.frozen? %><% h = {}; k = 'k'; h[k] = 1; k << '2' %> <%= h.inspect %> "
                   "<%= h.keys.first.frozen? %>"),
            "raised true false {\"k\"=>1} true");
  testing::MapHost host;
  try {
    render("<% f = 'x'.freeze %>\n<%= f << 'y' %>", host);
    FAIL() << "no error";
  } catch (const TemplateError& e) {
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "can't modify frozen String: \"x\"");
  }
}

// A String of Puppet's (a variable's value) changed in place: Ruby changes Puppet's object or
// raises FrozenError, as Puppet made it; the engine gives up while rendering (Unsupported, then
// Ruby's ERB renders the template), even under `rescue`.
TEST(ErbEngine, PuppetStringChangedInPlaceIsBeyondTheEngine) {
  testing::MapHost host;
  host.variables["name"] = RubyValue(" web ", RubyString::Owner::Puppet);
  host.variables["list"] = RubyArray{RubyValue("a", RubyString::Owner::Puppet)};
  for (const std::string text : {"<% @name.strip! %>", "<% n = @name %>\n<% n << 'x' rescue nil %>",
                                 "<% @list.each { |e| e.upcase! } %>", "<%= @name.frozen? %>"}) {
    EXPECT_THROW(render(text, host), Unsupported) << text;
  }
  try {
    render(
        "\n<% (@name + '').strip!; @name.strip.upcase; x = @name.dup; x.strip! %>\n<% @name.chomp! "
        "%>",
        host);
    FAIL() << "no refusal";
  } catch (const Unsupported& u) {
    EXPECT_EQ(u.line, 3);
    EXPECT_EQ(u.construct, "'chomp!' on a String of Puppet's (a variable's value)");
  }
}

// `require 'yaml'` then to_yaml (prometheus' prometheus.yaml.erb, mongodb's mongodb.conf.erb):
// Psych's text natively, an object held twice as its alias (Ruby 3.1's text); what Psych
// writes with a tag is Ruby's.
TEST(ErbEngine, ToYaml) {
  EXPECT_EQ(render("<%= require 'yaml' %>|<%= {'a' => [1, nil, 'on', :s], 'y' => {}}.to_yaml %>"),
            "false|---\na:\n- 1\n-\n- 'on'\n- :s\n\"y\": {}\n");
  testing::MapHost host;
  EXPECT_EQ(render("<% a = [1] %><%= [a, a].to_yaml %>", host), "---\n- &1\n  - 1\n- *1\n");
  EXPECT_THROW(render("<%= {'r' => (1..2)}.to_yaml %>", host), Unsupported);
  EXPECT_THROW(parse_erb("<% require 'shellwords' %>"), Unsupported);
}

TEST(ErbEngine, RefusesWhatItDoesNotKnowBeforeRunning) {
  auto construct = [](const std::string& text) {
    try {
      parse_erb(text);
    } catch (const Unsupported& u) {
      return std::to_string(u.line) + ": " + u.construct;
    }
    return std::string("taken");
  };
  EXPECT_EQ(construct("a\n<%= @x.frobnicate %>"), "2: method 'frobnicate'");
  EXPECT_EQ(construct("<% def f(*a = 1); end %>"), "1: '*a ='");
  EXPECT_EQ(construct("<% def f(a = @x.frobnicate); end %>"), "1: method 'frobnicate'");
  EXPECT_EQ(construct("<%= return 1 %>"), "1: 'return'");
  EXPECT_EQ(construct("\n\n<%= JSON.parse('{}') %>"), "3: constant 'JSON'");
  EXPECT_EQ(construct("<%= require 'x' %>"), "1: method 'require'");
  // A Hash set with setvar is a Ruby object templates share and change: the engine keeps it
  // (functions/erb_functions.cpp), so the template is its own.
  EXPECT_EQ(construct("<% scope.setvar('made', {}) %>"), "taken");
  // A Ruby block handed to a Puppet function is a lambda the engine does not make: Ruby's.
  EXPECT_EQ(construct("<%= scope().call_function('with', ['yes']) { |x| x } %>"),
            "1: a block given to 'call_function'");
  EXPECT_EQ(construct("<%= scope.function_with(['yes']) do |x| x end %>"),
            "1: a block given to 'function_with'");
  EXPECT_EQ(construct("<% if true %>"), "1: syntax error, unexpected end-of-input");
  EXPECT_EQ(construct("<%= @x.each do |y| %>"), "1: syntax error, unexpected ')'");
}

TEST(ErbEngine, RubyErrorsNameTheLine) {
  testing::MapHost host;
  try {
    render("line one\n<%= @nothing.length %>", host);
    FAIL() << "no error";
  } catch (const TemplateError& e) {
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message, "undefined method `length' for nil:NilClass");
  }
  try {
    render("<%= [1, 'a'].sort %>", host);
    FAIL() << "no error";
  } catch (const TemplateError& e) {
    EXPECT_EQ(e.message, "comparison of Integer with String failed");
  }
}

TEST(ErbEngine, DepthIsBounded) {
  std::string deep(5000, '[');
  deep += std::string(5000, ']');
  EXPECT_THROW(parse_erb("<%= " + deep + " %>"), Unsupported);
  std::string parens = "<%= " + std::string(3000, '(') + "1" + std::string(3000, ')') + " %>";
  EXPECT_THROW(parse_erb(parens), Unsupported);
  std::string chain = "<%= 'x'";
  for (int i = 0; i < 100000; ++i) chain += ".to_s";
  EXPECT_THROW(parse_erb(chain + " %>"), Unsupported);
  std::string sum = "<%= 1";
  for (int i = 0; i < 100000; ++i) sum += " + 1";
  EXPECT_THROW(parse_erb(sum + " %>"), Unsupported);
}

}  // namespace
}  // namespace marionette::compiler::erb
