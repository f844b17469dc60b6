// The error texts of call, import and scanf, and stdlib 9's functions that Debian's stdlib 8.5
// cannot check in golden cases: each expectation is what Puppet 7.23 printed (stdlib 9.7 on the
// module path for the stdlib:: ones).
#include <gtest/gtest.h>

#include "compile_helper.hpp"

namespace marionette {
namespace {

using testing::error_of;
using testing::message_of;

void expect_error(const std::string& manifest, const std::string& text) {
  std::string error = error_of(manifest);
  EXPECT_NE(error.find(text), std::string::npos) << error;
}

TEST(CallFunction, FindsFunctionsByLowerCaseNameButNotTypes) {
  EXPECT_EQ(message_of("call('Upcase', 'x')"), "X");
  expect_error("$x = call('nope', 1)", "1:6: error: Unknown function 'nope'");
  expect_error("$x = call('Integer', '1')", "error: Unknown function 'Integer'");
  expect_error("$x = call('Sensitive', 'x')", "error: Unknown function 'Sensitive'");
  expect_error("$x = call(3)",
               "error: The function 'call' was called with arguments it does not accept. It "
               "expects one of:\n  (String function_name, Any arguments*, Callable block?)\n    "
               "rejected: parameter 'function_name' expects a String value, got Integer\n  "
               "(Object[{name => 'Deferred', attributes => {'name' => "
               "Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], 'arguments' => {type "
               "=> Optional[Array], value => undef}}}] deferred)\n    rejected: parameter "
               "'deferred' expects a Deferred value, got Integer");
  expect_error("import 'nodes.pp'",
               "1:1: error: Use of 'import' has been discontinued in favor of a manifest "
               "directory.");
  expect_error("$x = import('nodes.pp')",
               "error: Use of 'import' has been discontinued in favor of a manifest directory. "
               "See http://links.puppet.com/puppet-import-deprecation");
}

TEST(BuiltinFunctions, ArgumentCountErrorsAreWordedAsPuppets) {
  // puppet apply -e '$x = upcase()' (7.23): "'upcase' expects 1 argument, got none".
  expect_error("$x = upcase()", "1:6: error: 'upcase' expects 1 argument, got none");
  expect_error("$x = upcase('a', 'b')", "error: 'upcase' expects 1 argument, got 2");
  expect_error("$x = split('a')", "error: 'split' expects 2 arguments, got 1");
  expect_error("$x = regsubst('a')", "error: 'regsubst' expects between 3 and 5 arguments, got 1");
}

TEST(AnnotateFunction, RefusesEveryTypeMarionetteKnows) {
  // Puppet 7.23's texts: no type but an Object type inheriting Annotation (or Pcore) is accepted.
  expect_error("$x = annotate(String)",
               "error: 'annotate' expects between 2 and 3 arguments, got 1");
  expect_error("$x = annotate(String, 'abc')",
               "error: The function 'annotate' was called with arguments it does not accept. It "
               "expects one of:\n  (Type[Annotation] type, Any value, Callable[0, 0] block?)\n    "
               "rejected: parameter 'type' expects a Type[Object[{name => 'Annotation'}]] value, "
               "got Type[String]\n  (Type[Annotation] type, Any value, Variant[Enum['clear'], "
               "Hash[Pcore::MemberName, Any]] annotation_hash)\n    rejected: expects 3 "
               "arguments, got 2\n  (Type[Pcore] type, Any value, Hash[Type[Annotation], "
               "Hash[Pcore::MemberName, Any]] annotations)\n    rejected: expects 3 arguments, "
               "got 2");
  expect_error("$x = annotate('x', 'abc', {})",
               "    rejected: expects 2 arguments, got 3\n  (Type[Annotation] type, Any value, "
               "Variant[Enum['clear'], Hash[Pcore::MemberName, Any]] annotation_hash)\n    "
               "rejected: parameter 'type' expects a Type[Annotation] value, got String\n  "
               "(Type[Pcore] type, Any value, Hash[Type[Annotation], Hash[Pcore::MemberName, "
               "Any]] annotations)\n    rejected: parameter 'type' expects a Type[Pcore] value, "
               "got String");
  expect_error("$x = annotate(String, 'abc', {})",
               "rejected: parameter 'type' expects a Type[Object[{name => 'Pcore'}]] value, got "
               "Type[String]");
}

TEST(ScanfFunction, TypedParameters) {
  expect_error("$x = scanf(3, '%d')",
               "error: 'scanf' parameter 'data' expects a String value, got Integer");
  expect_error("$x = scanf('3', 4)",
               "error: 'scanf' parameter 'format' expects a String value, got Integer");
  // Ruby's String#scanf, as ruby-scanf 1.0 gives it.
  EXPECT_EQ(message_of("scanf('1 2', '%*d %d')"), catalog::Data::parse("[2]"));
  EXPECT_EQ(message_of("scanf('x1', 'y%d')"), catalog::Data::parse("[]"));
  EXPECT_EQ(message_of("scanf('1 2', '%d%%%d')"), catalog::Data::parse("[1]"));
  EXPECT_EQ(message_of("scanf('ff', '%2x')"), catalog::Data::parse("[255]"));
  EXPECT_EQ(message_of("scanf('a b', '%[^ ]%[ ]%s')"), catalog::Data::parse(R"(["a", " ", "b"])"));
}

TEST(Stdlib9Functions, TypedValidators) {
  EXPECT_TRUE(message_of("stdlib::validate_domain_name('example.com', 'a.', '.', 'x')").is_null());
  EXPECT_TRUE(message_of("stdlib::validate_email_address('a@b.org')").is_null());
  expect_error("$a = stdlib::validate_domain_name('-bad-')",
               "error: 'stdlib::validate_domain_name' parameter 'values' expects a match for "
               "Variant[Stdlib::Fqdn = Pattern[/\\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\\-]*"
               "[a-zA-Z0-9])\\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\\-]*[A-Za-z0-9])\\z/], "
               "Stdlib::Dns::Zone = Pattern[/\\A((([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*"
               "[a-zA-Z0-9])\\.)+|\\.)\\z/]], got '-bad-'");
  expect_error(
      "$a = stdlib::validate_domain_name()",
      "error: stdlib::validate_domain_name(): Wrong number of arguments need at least one");
  expect_error("$a = stdlib::validate_email_address('nope', 'x@y')",
               "error: 'stdlib::validate_email_address' parameter 'values' expects a match for "
               "Stdlib::Email = Pattern[/\\A[a-zA-Z0-9.!#$%&'*+\\/=?^_`{|}~-]+@[a-zA-Z0-9]"
               "(?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}"
               "[a-zA-Z0-9])?)*\\z/], got 'nope'");
}

TEST(Stdlib9Functions, RewrapSensitiveDataAndParsehocon) {
  EXPECT_EQ(message_of("String(stdlib::rewrap_sensitive_data({'a' => Sensitive('x')}))"),
            "Sensitive [value redacted]");
  EXPECT_EQ(message_of("stdlib::rewrap_sensitive_data({'a' => Sensitive('x'), 'b' => "
                       "[Sensitive(1), 2]}).unwrap"),
            catalog::Data::parse(R"({"a": "x", "b": [1, 2]})"));
  EXPECT_EQ(message_of("stdlib::rewrap_sensitive_data([1, 2]) |$x| { $x + [3] }"),
            catalog::Data::parse("[1, 2, 3]"));
  EXPECT_EQ(message_of("stdlib::rewrap_sensitive_data(Sensitive([1])) |$x| { $x + [3] }.unwrap"),
            catalog::Data::parse("[1, 3]"));
  EXPECT_EQ(message_of("stdlib::parsehocon(\"a = 1\\nb { c = [1, 2] }\")"),
            catalog::Data::parse(R"({"a": 1, "b": {"c": [1, 2]}})"));
  EXPECT_EQ(message_of("stdlib::parsehocon('invalid', 'default')"), "default");
  expect_error("$x = parsehocon('invalid')",
               "error: String: 1: Key 'invalid' may not be followed by token: end of file");
}

TEST(StdlibCryptoFunctions, ErrorTexts) {
  expect_error("$x = str2saltedpbkdf2('p', 'short', 50000)",
               "error: str2saltedpbkdf2(): second argument must be at least 8 bytes long");
  expect_error("$x = str2saltedpbkdf2('p', 'saltsalt', 70000)",
               "error: str2saltedpbkdf2(): third argument must be between 40,000 and 70,000");
  expect_error("$x = str2saltedpbkdf2('p', 'saltsalt')",
               "error: str2saltedpbkdf2(): wrong number of arguments (2 for 3)");
  expect_error("validate_x509_rsa_key_pair('cert', 'key')",
               "error: Not a valid x509 certificate: PEM_read_bio_X509: no start line");
  expect_error("validate_x509_rsa_key_pair('cert')",
               "error: validate_x509_rsa_key_pair(): wrong number of arguments (1; must be 2)");
  expect_error("validate_x509_rsa_key_pair('cert', 42)", "error: 42 is not a string.");
}

}  // namespace
}  // namespace marionette
