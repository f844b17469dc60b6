#pragma once
// What puppetlabs-stdlib's functions share: they are Ruby code, so their messages print values
// as Ruby does (ruby_format.hpp: ruby_inspect, ruby_class), their Puppet 3 functions see
// a top-level undef as '' and their deprecated ones warn once per compilation.

#include <optional>
#include <string>
#include <vector>

#include "compiler/functions/function.hpp"
#include "compiler/functions/ruby_format.hpp"

namespace marionette::compiler {
class Environment;
}

namespace marionette::compiler::stdlib {

/// std::regex recurses per character: longer input is not given to it (a number or an address
/// is never that long).
constexpr std::size_t kLongestRegexInput = 4096;

/// The arguments as a Puppet 3 function (lib/puppet/parser/functions) receives them: a
/// top-level undef becomes '' (undef inside arrays and hashes stays nil).
std::vector<Value> legacy_arguments(const std::vector<Value>& arguments);

/// The number of arguments as stdlib's messages print it ("2").
inline std::string count_of(const std::vector<Value>& arguments) {
  return std::to_string(arguments.size());
}

/// Appends the value's leaves (arrays flattened, 1000 levels at most) to `out`.
void flatten_into(const Value& value, Array& out, std::size_t depth);

/// The Ruby class of the value as Puppet hands it to Ruby (ruby_format.hpp).
using compiler::ruby_class;

/// Ruby's Integer(text) for a string written as an integer (decimal, 0x.., 0b.., 0o../0..,
/// underscores between digits, surrounding blanks); nullopt where Ruby raises.
std::optional<std::int64_t> ruby_integer(const std::string& text);
/// Ruby's Float(text); nullopt where Ruby raises.
std::optional<double> ruby_float(const std::string& text);

/// Ruby's String#to_i: the leading integer (blanks, a sign, digits and single underscores),
/// 0 without one; saturated beyond 64 bits.
std::int64_t ruby_to_i(const std::string& text);

/// Is the string what Ruby's to_i.to_s / to_f.to_s gives back for it ("12", "-3", "1.5")?
bool looks_like_ruby_integer(const std::string& text);
bool looks_like_ruby_float(const std::string& text);

/// Raises a Puppet::ParseError (or any Ruby error) of a stdlib function: the message as is,
/// at the call.
[[noreturn]] void raise(const CallContext& call, const std::string& message);

/// stdlib's deprecation(key, message, use_strict_setting): MESSAGE at ["FILE", LINE]:[...] (the
/// first two frames of Puppet's stack); with use_strict_setting, nothing under strict=off and
/// the error "deprecation. KEY. MESSAGE at ..." under strict=error; else a warning on standard
/// error, once per key and compilation.
void deprecation(CallContext& call, const std::string& key, const std::string& message,
                 bool use_strict_setting = true);

/// stdlib 9's shims of the functions it moved under stdlib:: (lib/puppet/functions/NAME.rb
/// beside lib/puppet/functions/stdlib/NAME.rb): when the stdlib on the modulepath has one for
/// `name`, its deprecation and the stdlib:: function's answer; nullopt with any other stdlib
/// (8.5's function then answers).
std::optional<Value> answer_as_stdlib9(CallContext& call, const std::string& name);

/// Whether `name` is one of stdlib's validate_*/is_* functions (answered natively) that the
/// stdlib on the modulepath does not ship (stdlib 9 removed most of them): Puppet then knows
/// no such function. False without a stdlib module.
bool removed_from_stdlib(const Environment& environment, const std::string& name);

/// The message of stdlib's validate_* wrappers: "This method is deprecated, please use the
/// stdlib validate_legacy function,\n                    with TYPE. There is further ...".
std::string validate_legacy_advice(const std::string& type);
/// The message of its is_* wrappers: "... please use match expressions with TYPE instead. ...".
std::string match_expression_advice(const std::string& type);

/// The node's fully qualified domain name, as `$::fqdn` gives it ('' when unknown).
std::string node_fqdn(const CallContext& call);

/// Is the value an absolute path, Unix or Windows (Puppet::Util.absolute_path?)?
bool is_absolute_path(const Value& value);

/// Ruby's eql?, which Array#-, #&, #| and Hash keys compare by: same class and value, strings
/// case-sensitively, 1 and 1.0 different.
bool ruby_eql(const Value& a, const Value& b);
/// Ruby's == : as eql? but numbers compare by value (1 == 1.0).
bool ruby_equal(const Value& a, const Value& b);
/// Hash#[]= : replaces the value of an eql? key in place, else appends the pair.
void ruby_store(Hash& hash, const Value& key, Value value);
/// Hash#[] : nullptr when no key is eql?.
const Value* ruby_fetch(const Hash& hash, const Value& key);

/// What Ruby's IPAddr.new makes of the text: 4 or 6 (a prefix `/24` or mask and an IPv6 zone
/// `%eth0` allowed), nullopt where it raises.
std::optional<int> ip_version(const std::string& text);

/// stdlib's is_domain_name / is_email_address checks.
bool is_domain_name(const Value& value);
bool is_email_address(const Value& value);

}  // namespace marionette::compiler::stdlib
