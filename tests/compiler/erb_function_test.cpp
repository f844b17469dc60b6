// inline_template() in a compile: rendered natively; a template beyond the engine goes to the
// embedded Ruby, which these in-process compiles do not find: the error names the construct, its
// line and the package (tests/hardening/ruby_templates_test.cpp renders them in Ruby).

#include <gtest/gtest.h>

#include "compile_helper.hpp"

namespace marionette::testing {
namespace {

TEST(ErbFunction, InlineTemplatesConcatenate) {
  EXPECT_EQ(message_of("inline_template('<%= @x %>', '-<%= @x.upcase %>')", "$x = 'a'"),
            catalog::Data("a-A"));
}

TEST(ErbFunction, BeyondTheEngineNamesConstructAndLine) {
  std::string error = error_of("notify { 'r': message => inline_template(\"\\n<%= JSON.dump(1) %>\") }");
  EXPECT_NE(error.find("An inline template uses Ruby beyond marionette's ERB engine (constant "
                       "'JSON', line 2), which needs marionette's embedded Ruby: install the "
                       "package marionette-ruby"),
            std::string::npos)
      << error;
}

TEST(ErbFunction, RubyErrorsAsPuppetWordsThem) {
  std::string error = error_of("notify { 'r': message => inline_template('<%= @nothing.size %>') }");
  EXPECT_NE(error.find("Failed to parse inline template: undefined method `size' for nil:NilClass"),
            std::string::npos)
      << error;
}

TEST(ErbFunction, AFunctionsFailureIsTheTemplates) {
  std::string error =
      error_of("notify { 'r': message => inline_template(\"x\\n<% scope.function_fail(['boom']) %>\") }");
  EXPECT_NE(error.find("error: Failed to parse inline template: boom"), std::string::npos) << error;
}

}  // namespace
}  // namespace marionette::testing
