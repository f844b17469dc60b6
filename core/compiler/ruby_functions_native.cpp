// A module's 4.x Ruby function run by the native Ruby subset (compiler/erb/ruby_function.hpp),
// without the embedded Ruby: dispatched as Puppet dispatches (each dispatch in order, its
// parameters' Puppet types checked), its values converted as templates convert them, its return
// type checked, every error worded as the Ruby path (ruby/lib/marionette/puppet_compat.rb's
// Function#marionette_call) words it. A file the subset refuses is Ruby's, decided once per file
// while it is unchanged; a method that meets, while it runs, what is beyond the subset (before
// it called back into Puppet) is run again by Ruby.

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "compiler/compile_log.hpp"
#include "compiler/erb/puppet_values.hpp"
#include "compiler/erb/ruby_function.hpp"
#include "compiler/function_host.hpp"
#include "compiler/ruby_functions.hpp"
#include "compiler/ruby_module.hpp"
#include "compiler/scope.hpp"
#include "compiler/strictness.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

using lang::SourceError;

namespace {

using Program = erb::RubyFunctionProgram;
using Dispatch = erb::RubyFunctionDispatch;

/// The program of a function file, or nullptr when the subset does not take it: read once per
/// process while the file keeps its size and modification time.
std::shared_ptr<const Program> native_program(const std::string& path) {
  struct Entry {
    std::int64_t size, mtime_ns;
    std::shared_ptr<const Program> program;
  };
  static std::mutex mutex;
  static std::unordered_map<std::string, Entry> cache;
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return nullptr;
  std::int64_t mtime =
      static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec;
  {
    std::lock_guard lock(mutex);
    auto found = cache.find(path);
    if (found != cache.end() && found->second.size == info.st_size &&
        found->second.mtime_ns == mtime)
      return found->second.program;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::shared_ptr<const Program> program;
  try {
    program = erb::parse_ruby_function(text.str());
  } catch (const erb::Unsupported& unsupported) {
    trace_ruby_use("beyond the subset: " + path + ":" + std::to_string(unsupported.line) + ": " +
                   unsupported.construct);
  }
  std::lock_guard lock(mutex);
  if (cache.size() >= 4096) cache.clear();
  cache[path] = Entry{static_cast<std::int64_t>(info.st_size), mtime, program};
  return program;
}

/// How deep native functions may nest through call_function, as the embedded Ruby bounds its own
/// (ruby/module_entry.cpp's kMaxNesting).
constexpr int kMaxNesting = 64;
thread_local int nesting = 0;

/// One more level of native function calls for its lifetime; refused past kMaxNesting.
struct Nested {
  explicit Nested(const lang::SourceLocation& where) {
    if (nesting >= kMaxNesting)
      throw SourceError("stack level too deep (functions nested more than " +
                            std::to_string(kMaxNesting) + " deep)",
                        where);
    ++nesting;
  }
  ~Nested() { --nesting; }
};

/// Whether the subset converts a Puppet value exactly as Puppet hands it to Ruby: undef,
/// Booleans, numbers, Strings and the Arrays and Hashes of them. Types, Sensitive, default,
/// Regexps, Timestamps, Binaries... are Ruby objects of Puppet's own classes: Ruby's.
bool plain(const Value& value, int depth = 0) {
  if (depth > 100) return false;
  if (value.is_array())
    return std::all_of(value.array().begin(), value.array().end(),
                       [&](const Value& item) { return plain(item, depth + 1); });
  if (value.is_hash())
    return std::all_of(value.hash().begin(), value.hash().end(), [&](const auto& entry) {
      return plain(entry.first, depth + 1) && plain(entry.second, depth + 1);
    });
  return value.is_undef() || value.is_boolean() || value.is_integer() || value.is_float() ||
         value.is_string();
}

/// The same of a method's result: nil, true/false, Integer, Float, String, Array, Hash.
bool plain(const erb::RubyValue& value, int depth = 0) {
  if (depth > 100) return false;
  if (value.is_array())
    return std::all_of(value.array().begin(), value.array().end(),
                       [&](const erb::RubyValue& item) { return plain(item, depth + 1); });
  if (value.is_hash())
    return std::all_of(value.hash().begin(), value.hash().end(), [&](const auto& entry) {
      return plain(entry.first, depth + 1) && plain(entry.second, depth + 1);
    });
  return value.is_nil() || value.is_bool() || value.is_number() || value.is_string();
}

/// call_function(name, *args) of a method, into the compile.
class CallBack : public erb::RubyFunctionHost {
 public:
  CallBack(FunctionHost& compilation, Scope& scope, const lang::SourceLocation& where)
      : compilation_(compilation), scope_(scope), where_(where) {}

  erb::RubyValue call_function(const std::string& name, erb::RubyArray arguments) override {
    called_ = true;
    std::vector<Value> values;
    values.reserve(arguments.size());
    for (const erb::RubyValue& argument : arguments) values.push_back(erb::to_puppet(argument));
    std::optional<Value> result =
        compilation_.call_function_by_name(name, std::move(values), scope_, where_);
    if (!result) throw SourceError("Unknown function: '" + name + "'.", where_);
    return erb::to_ruby(*result, erb::RubyString::Owner::Mutable);
  }
  /// Marionette::Scope#[] of the Ruby path (ruby_functions.cpp's host_lookup_variable): the
  /// variable seen from the call, Puppet's undefined-variable error under strict=error.
  erb::RubyValue lookup_variable(const std::string& name) override {
    const Value* value = compilation_.lookup_variable(name, scope_);
    if (!value && compilation_.strictness().strict == Strict::Error && name != "module_name" &&
        name != "caller_module_name" && !text::all_digits(name))
      throw SourceError("Undefined variable '" + name + "'; ", where_);
    if (!value) return erb::RubyValue();
    if (!plain(*value)) throw erb::Unsupported{0, "a variable of Puppet's own classes"};
    return erb::to_ruby(*value, erb::RubyString::Owner::Puppet);
  }
  /// Puppet.debug and its kin, kept until the method has returned: a method that turns out to
  /// be Ruby's logs nothing twice.
  void log(const std::string& level, const std::string& message) override {
    logged_.emplace_back(level, message);
  }
  /// Scope#lookupdefaults as the Ruby path reads it (marionette::resource_defaults); it changes
  /// nothing, so it is no call back.
  std::vector<std::string> resource_default_names(const std::string& type) override {
    std::optional<Value> defaults = compilation_.call_function_by_name(
        "marionette::resource_defaults", {Value(type)}, scope_, where_);
    std::vector<std::string> names;
    if (defaults && defaults->is_hash())
      for (const auto& [name, value] : defaults->hash())
        if (name.is_string()) names.push_back(name.string());
    return names;
  }
  void flush_log() {
    for (const auto& [level, message] : logged_) compile_log(level, message);
    logged_.clear();
  }
  /// Whether the method called back into the compile (which may have changed the catalog).
  bool called() const { return called_; }

 private:
  FunctionHost& compilation_;
  Scope& scope_;
  const lang::SourceLocation& where_;
  bool called_ = false;
  std::vector<std::pair<std::string, std::string>> logged_;
};

std::string arguments_text(std::size_t count) {
  return std::to_string(count) + (count == 1 ? " argument" : " arguments");
}

/// "expects 2 arguments, got 1", over the dispatches' counts (all parameters required).
std::string count_text(const std::vector<const Dispatch*>& dispatches, std::size_t count) {
  std::size_t min = SIZE_MAX, max = 0;
  for (const Dispatch* dispatch : dispatches) {
    min = std::min(min, dispatch->parameters.size());
    max = std::max(max, dispatch->parameters.size());
  }
  std::string expected =
      min == max ? arguments_text(min)
                 : "between " + std::to_string(min) + " and " + std::to_string(max) + " arguments";
  return "expects " + expected + ", got " + (count == 0 ? "none" : std::to_string(count));
}

/// "(Array[String] acls, String[1] id)", as the rejected signature is shown.
std::string signature_text(const Dispatch& dispatch) {
  std::string text = "(";
  for (const erb::RubyFunctionParameter& parameter : dispatch.parameters)
    text += (text.size() > 1 ? ", " : "") + parameter.type + " " + parameter.name;
  return text + ")";
}

/// A 3.x function's argument as Puppet hands it over (Runtime3FunctionArgumentConverter with
/// '' for undef): undef is '' at the top, nil inside an Array or Hash; each Array and Hash a
/// new one, as its map makes them.
erb::RubyValue function3_argument(const Value& value, bool top) {
  if (value.is_undef())
    return top ? erb::RubyValue("", erb::RubyString::Owner::Puppet) : erb::RubyValue();
  if (value.is_array()) {
    erb::RubyArray items;
    for (const Value& item : value.array()) items.push_back(function3_argument(item, false));
    return items;
  }
  if (value.is_hash()) {
    erb::RubyHash pairs;
    for (const auto& [key, item] : value.hash())
      erb::hash_store(pairs, erb::to_ruby(key, erb::RubyString::Owner::Frozen),
                      function3_argument(item, false));
    return pairs;
  }
  return erb::to_ruby(value, erb::RubyString::Owner::Puppet);
}

}  // namespace

std::optional<Value> RubyFunctions::call_natively3(const erb::RubyFunctionProgram& program,
                                                   const std::string& file, const std::string& name,
                                                   std::vector<Value>& arguments,
                                                   const lang::SourceLocation& where,
                                                   FunctionHost& compilation, Scope& scope) {
  erb::RubyArray values;
  values.reserve(arguments.size());
  for (const Value& argument : arguments) values.push_back(function3_argument(argument, true));
  // Puppet's function_NAME checks the count against :arity, in its words.
  std::size_t count = arguments.size();
  if (program.arity >= 0 && count != static_cast<std::size_t>(program.arity))
    throw SourceError(name + "(): Wrong number of arguments given (" + std::to_string(count) +
                          " for " + std::to_string(program.arity) + ")",
                      where);
  if (program.arity < 0 && count < static_cast<std::size_t>(-(program.arity + 1)))
    throw SourceError(name + "(): Wrong number of arguments given (" + std::to_string(count) +
                          " for minimum " + std::to_string(-(program.arity + 1)) + ")",
                      where);
  Nested nested(where);
  CallBack host(compilation, scope, where);
  Value result;
  try {
    erb::RubyValue value = erb::call_ruby_method(program, erb::function3_method(),
                                                 {erb::RubyValue(std::move(values))}, host);
    // A :statement function's value does not leak to Puppet; :undef is undef.
    if (program.rvalue && !(value.is_symbol() && value.symbol() == "undef")) {
      if (!plain(value)) {
        trace_ruby_use("function '" + name + "' returned a value of class " +
                       erb::class_name(value) + ", beyond the subset");
        return std::nullopt;
      }
      result = erb::to_puppet(value);
    }
    host.flush_log();
  } catch (const erb::Unsupported& unsupported) {
    trace_ruby_use("function '" + name + "' (" + file + ") met " + unsupported.construct +
                   ", line " + std::to_string(unsupported.line) + ", beyond the subset");
    return std::nullopt;
  } catch (const erb::RubyError& e) {
    host.flush_log();
    throw SourceError(e.what(), where);
  }
  return result;
}

std::optional<Value> RubyFunctions::call_natively(const std::string& file, const std::string& name,
                                                  std::vector<Value>& arguments,
                                                  const lang::SourceLocation& where,
                                                  FunctionHost& compilation, Scope& scope) {
  if (!std::all_of(arguments.begin(), arguments.end(), [](const Value& v) { return plain(v); }))
    return std::nullopt;
  std::shared_ptr<const Program> program = native_program(file);
  if (!program || program->name != name) return std::nullopt;
  // A file defines what its directory's API expects, else it is Ruby's to refuse.
  if ((program->api == 3) != (file.find("/lib/puppet/parser/functions/") != std::string::npos))
    return std::nullopt;
  if (program->api == 3)
    return call_natively3(*program, file, name, arguments, where, compilation, scope);
  auto mismatch = [&](const std::string& type, const Value& value) -> std::optional<std::string> {
    if (type == "Any") return std::nullopt;
    const Value& expected = type_from_text(type, compilation, scope);
    if (matches(value, expected.type())) return std::nullopt;
    return describe_mismatch(expected.type(), value);
  };
  // The dispatches in order: the first whose count and types fit.
  std::vector<const Dispatch*> all;
  for (const Dispatch& dispatch : program->dispatches) all.push_back(&dispatch);
  // How many arguments a dispatch takes: its required parameters at least, its optional ones
  // more, any number more for a repeated one (`def f(*args)` without a dispatch).
  using Kind = erb::RubyFunctionParameter::Kind;
  auto least = [](const Dispatch* dispatch) {
    return static_cast<std::size_t>(std::count_if(
        dispatch->parameters.begin(), dispatch->parameters.end(), [](const auto& parameter) {
          return parameter.kind == Kind::Required || parameter.kind == Kind::RequiredRepeated;
        }));
  };
  auto most = [](const Dispatch* dispatch) {
    if (!dispatch->parameters.empty() &&
        (dispatch->parameters.back().kind == Kind::Repeated ||
         dispatch->parameters.back().kind == Kind::RequiredRepeated))
      return SIZE_MAX;
    return dispatch->parameters.size();
  };
  auto fits = [&](const Dispatch* dispatch) {
    return arguments.size() >= least(dispatch) && arguments.size() <= most(dispatch);
  };
  bool any_fits = false, all_required = true;
  for (const Dispatch* dispatch : all) {
    any_fits |= fits(dispatch);
    all_required &= least(dispatch) == most(dispatch);
  }
  if (!any_fits && !all_required) {
    // Puppet's default dispatcher's wording for one dispatch; any other shape is Ruby's to word.
    if (all.size() != 1 || least(all[0]) == 0) return std::nullopt;
    std::string got = arguments.empty() ? "none" : std::to_string(arguments.size());
    if (most(all[0]) == SIZE_MAX)
      throw SourceError(
          "'" + name + "' expects at least " + arguments_text(least(all[0])) + ", got " + got,
          where);
    throw SourceError("'" + name + "' expects between " + std::to_string(least(all[0])) + " and " +
                          std::to_string(most(all[0])) + " arguments, got " + got,
                      where);
  }
  if (!any_fits) throw SourceError("'" + name + "' " + count_text(all, arguments.size()), where);
  const Dispatch* chosen = nullptr;
  std::vector<std::string> rejections;
  for (const Dispatch* dispatch : all) {
    if (!fits(dispatch)) {
      if (!all_required) return std::nullopt;  // Puppet's listing of such signatures: Ruby's
      rejections.push_back(count_text({dispatch}, arguments.size()));
      continue;
    }
    std::optional<std::string> why;
    for (std::size_t i = 0; i < arguments.size() && !why; ++i) {
      const erb::RubyFunctionParameter& parameter =
          dispatch->parameters[std::min(i, dispatch->parameters.size() - 1)];
      if ((why = mismatch(parameter.type, arguments[i])))
        *why = "parameter '" + parameter.name + "' " + *why;
    }
    if (!why) {
      chosen = dispatch;
      break;
    }
    rejections.push_back(*why);
  }
  if (!chosen) {
    if (!all_required && all.size() > 1) return std::nullopt;
    if (all.size() == 1) throw SourceError("'" + name + "' " + rejections[0], where);
    std::string text = "The function '" + name +
                       "' was called with arguments it does not accept. It expects one of:";
    for (std::size_t i = 0; i < all.size(); ++i)
      text += "\n  " + signature_text(*all[i]) + "\n    rejected: " + rejections[i];
    throw SourceError(text, where);
  }
  erb::RubyArray values;
  values.reserve(arguments.size());
  for (const Value& argument : arguments)
    values.push_back(erb::to_ruby(argument, erb::RubyString::Owner::Puppet));
  Nested nested(where);
  CallBack host(compilation, scope, where);
  auto beyond = [&](const std::string& construct) -> std::optional<Value> {
    trace_ruby_use("function '" + name + "' met " + construct + ", beyond the subset");
    if (!host.called()) return std::nullopt;  // nothing happened yet: Ruby runs it whole
    throw SourceError("The function '" + name + "' (" + file + ") met " + construct +
                          " after a call of a Puppet function: beyond marionette's Ruby subset, "
                          "which cannot hand it to Ruby then",
                      where);
  };
  Value result;
  try {
    erb::RubyValue value = erb::call_ruby_method(*program, chosen->method, std::move(values), host);
    if (!plain(value)) return beyond("a value of class " + erb::class_name(value));
    result = erb::to_puppet(value);
    host.flush_log();
  } catch (const erb::Unsupported& unsupported) {
    return beyond(unsupported.construct + ", line " + std::to_string(unsupported.line));
  } catch (const erb::RubyError& e) {
    host.flush_log();
    throw SourceError(e.what(), where);
  }
  if (!chosen->return_type.empty())
    if (std::optional<std::string> why = mismatch(chosen->return_type, result))
      throw SourceError(
          "value returned from function '" + chosen->method + "' has wrong type, " + *why, where);
  return result;
}

}  // namespace marionette::compiler
