#include "compiler/erb/ruby_kernel.hpp"

#include <array>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "compiler/erb/puppet_values.hpp"
#include "compiler/erb/ruby_methods.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/functions/ruby_sprintf.hpp"

namespace marionette::compiler::erb {

namespace {

constexpr std::array kConstants = {"Array",
                                   "Hash",
                                   "String",
                                   "Integer",
                                   "Float",
                                   "Numeric",
                                   "Symbol",
                                   "NilClass",
                                   "TrueClass",
                                   "FalseClass",
                                   "Range",
                                   "Regexp",
                                   "Object",
                                   "Comparable",
                                   "Enumerable",
                                   "Fixnum",
                                   "Bignum",
                                   "IPAddr",
                                   "IPAddr::Error",
                                   "IPAddr::InvalidAddressError",
                                   "IPAddr::AddressFamilyError",
                                   "IPAddr::InvalidPrefixError",
                                   "ArgumentError",
                                   "NoMethodError",
                                   "StandardError"};

constexpr std::array kKernel = {"scope",
                                "has_variable?",
                                "Array",
                                "Integer",
                                "String",
                                "Float",
                                "raise",
                                "fail",
                                "sprintf",
                                "format",
                                "instance_variables",
                                "require"};

constexpr const char* kScopeClass = "Puppet::Parser::Scope";

std::string name_argument(const RubyArray& args, std::size_t i) {
  if (i >= args.size())
    throw RubyError("wrong number of arguments (given " + std::to_string(args.size()) +
                    ", expected " + std::to_string(i + 1) + ")");
  const RubyValue& v = args[i];
  return v.is_symbol() ? v.symbol() : string_argument(v);
}

RubyValue integer_of(const RubyValue& v) {
  if (v.is_integer()) return v;
  if (v.is_float()) return static_cast<std::int64_t>(v.number());
  if (v.is_nil()) throw RubyError("can't convert nil into Integer");
  if (!v.is_string()) throw RubyError("can't convert " + class_name(v) + " into Integer");
  std::string text;
  for (char c : v.string())
    if (c != '_') text += c;
  std::size_t begin = text.find_first_not_of(" \t\n");
  std::size_t end = text.find_last_not_of(" \t\n");
  std::string trimmed = begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
  int base = 10;
  std::string digits = trimmed;
  bool negative = digits.starts_with("-");
  if (negative || digits.starts_with("+")) digits = digits.substr(1);
  if (digits.starts_with("0x") || digits.starts_with("0X")) {
    base = 16;
    digits = digits.substr(2);
  } else if (digits.starts_with("0b") || digits.starts_with("0B")) {
    base = 2;
    digits = digits.substr(2);
  } else if (digits.starts_with("0o")) {
    base = 8;
    digits = digits.substr(2);
  } else if (digits.size() > 1 && digits[0] == '0') {
    base = 8;
    digits = digits.substr(1);
  }
  char* stop = nullptr;
  errno = 0;
  long long parsed = digits.empty() ? 0 : std::strtoll(digits.c_str(), &stop, base);
  if (digits.empty() || *stop != '\0' || errno || digits[0] == '-' || digits[0] == '+')
    throw RubyError("invalid value for Integer(): " + inspect(v));
  return static_cast<std::int64_t>(negative ? -parsed : parsed);
}

}  // namespace

RubyValue format_values(const std::string& format, const RubyArray& values) {
  std::vector<Value> arguments;
  arguments.reserve(values.size());
  for (const RubyValue& value : values) arguments.push_back(to_puppet(value));
  try {
    return ruby_sprintf(format, arguments);
  } catch (const FormatError& e) {  // Ruby's ArgumentError
    // A name the Hash lacks: Ruby's KeyError, but Puppet's processes have fast_gettext's
    // String#%, which leaves `%{name}` as written: Ruby's to say.
    if (std::string_view(e.what()).starts_with("key"))
      throw BeyondTheEngine{"a format's name missing from its Hash"};
    throw RubyError(e.what());
  }
}

bool is_loaded_library(std::string_view name) {
  return name == "yaml" || name == "psych" || name == "json" || name == "ipaddr" || name == "erb" ||
         name == "uri";
}

bool is_kernel_function(std::string_view name) {
  for (const char* k : kKernel)
    if (name == k) return true;
  return false;
}

RubyValue call_kernel_function(const std::string& name, RubyArray& args, TemplateHost& host) {
  if (name == "scope") return scope_object(host);
  if (name == "has_variable?") return host.has_variable(name_argument(args, 0));
  if (name == "raise" || name == "fail")
    throw RubyError(args.empty() ? "unhandled exception" : to_s(args.back()));
  if (name == "instance_variables") {
    // Puppet's template wrapper: its own @__scope__ and @__file__, then each visible variable
    // (scope.to_hash) as an @variable, its name's non-word characters made `_`.
    RubyArray names{RubySymbol{"@__scope__"}, RubySymbol{"@__file__"}};
    for (const auto& [key, value] : host.visible_variables()) {
      std::string variable = "@" + to_s(key);
      for (char& c : variable)
        if (c != '@' && !std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
      names.push_back(RubySymbol{std::move(variable)});
    }
    return names;
  }
  if (name == "require") {
    // Puppet has loaded Psych and JSON already: `require` answers false. Another library is
    // Ruby's (what the template then uses of it would be refused anyway).
    if (args.size() == 1 && args[0].is_string() && is_loaded_library(args[0].string()))
      return false;
    throw BeyondTheEngine{"require " + (args.empty() ? std::string() : inspect(args[0]))};
  }
  if (name == "sprintf" || name == "format") {  // Kernel#format
    if (args.empty()) throw RubyError("too few arguments");
    return format_values(string_argument(args[0]), RubyArray(args.begin() + 1, args.end()));
  }
  if (args.size() != 1)
    throw RubyError("wrong number of arguments (given " + std::to_string(args.size()) +
                    ", expected 1)");
  const RubyValue& v = args[0];
  if (name == "Array") {
    if (v.is_nil()) return RubyArray{};
    if (v.is_array()) return v;
    if (v.is_hash() || v.is_range()) return elements_of(v);
    return RubyArray{v};
  }
  if (name == "Integer") return integer_of(v);
  if (name == "Float") {
    if (v.is_number()) return v.number();
    if (v.is_nil()) throw RubyError("can't convert nil into Float");
    char* stop = nullptr;
    const std::string& s = string_argument(v);
    double d = std::strtod(s.c_str(), &stop);
    if (s.empty() || *stop != '\0') throw RubyError("invalid value for Float(): " + inspect(v));
    return d;
  }
  return to_s(v);  // String()
}

bool is_scope_method(std::string_view name) {
  return name == "lookupvar" || name == "[]" || name == "call_function" || name == "setvar" ||
         name == "to_hash" || (name.starts_with("function_") && name.size() > 9);
}

RubyValue scope_object(TemplateHost& host) {
  std::string shown = host.scope_name();
  return RubyObject{kScopeClass, shown, shown};
}

bool is_scope_object(const RubyValue& value) {
  return value.is_object() && value.object().class_name == kScopeClass;
}

RubyValue call_scope_method(const std::string& name, RubyArray& args, TemplateHost& host) {
  if (name == "lookupvar" || name == "[]") {
    if (args.size() != 1)
      throw RubyError("wrong number of arguments (given " + std::to_string(args.size()) +
                      ", expected 1)");
    return host.lookup_variable(name_argument(args, 0));
  }
  if (name == "to_hash") return host.visible_variables();
  if (name == "setvar") {
    if (args.size() != 2)
      throw RubyError("wrong number of arguments (given " + std::to_string(args.size()) +
                      ", expected 2)");
    host.set_variable(name_argument(args, 0), args[1]);
    return args[1];
  }
  std::string function;
  RubyValue list;
  if (name == "call_function") {
    function = name_argument(args, 0);
    list = args.size() > 1 ? args[1] : RubyValue(RubyArray{});
  } else if (name.starts_with("function_")) {
    function = name.substr(9);
    if (args.size() != 1)
      throw RubyError("wrong number of arguments (given " + std::to_string(args.size()) +
                      ", expected 1)");
    list = args[0];
    if (!list.is_array())
      throw RubyError(
          "custom functions must be called with a single array that contains the arguments. For "
          "example, function_example([1]) instead of function_example(1)");
  } else {
    throw RubyError("undefined method `" + name + "' for " + host.scope_name() + ":" + kScopeClass);
  }
  if (name != "call_function") return host.call_function(function, list.array());
  // Puppet hands the function `*args`: a Hash splats into its [key, value] pairs, nil into none.
  RubyArray arguments;
  if (list.is_array()) {
    arguments = list.array();
  } else if (list.is_hash()) {
    for (const auto& [key, value] : list.hash()) arguments.push_back(RubyArray{key, value});
  } else if (!list.is_nil()) {
    arguments.push_back(list);
  }
  try {
    return host.call_function(function, std::move(arguments));
  } catch (const RubyError& e) {
    // scope.call_function words a missing function as Puppet's external_call_function does.
    if (std::string_view(e.what()) ==
        "undefined method `function_" + function + "' for " + host.scope_name() + ":" + kScopeClass)
      throw RubyError("Unknown function '" + function + "'");
    throw;
  }
}

bool is_known_constant(std::string_view name) {
  for (const char* c : kConstants)
    if (name == c) return true;
  return false;
}

RubyValue constant_value(const std::string& name) {
  std::string shown = name == "Fixnum" || name == "Bignum" ? "Integer" : name;
  return RubyObject{"Class", shown, shown};
}

}  // namespace marionette::compiler::erb
