// template() and inline_template(): Puppet's ERB functions, on the native ERB engine
// (compiler/erb/erb_template.hpp). A template file is parsed once per process while it is
// unchanged (cached by path, size and modification time), an inline template once per text,
// and each is rendered natively; one the native parse refuses (before anything ran) is rendered
// whole by Ruby's own ERB in the embedded Ruby (compiler/ruby_templates.hpp).

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <unordered_map>

#include "compiler/compile_log.hpp"
#include "compiler/environment.hpp"
#include "compiler/erb/erb_template.hpp"
#include "compiler/erb/puppet_values.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/ruby_changed_variables.hpp"
#include "compiler/ruby_module.hpp"
#include "compiler/ruby_templates.hpp"
#include "compiler/scope.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxNestedTemplates = 64;
thread_local int nested_templates = 0;

/// The Ruby Arrays and Hashes templates set with `scope.setvar(name, object)`, by the identity
/// of the Puppet value set with them (kept, so that its address is not reused): in Puppet the
/// variable holds that very object, which a template it includes reads and changes through
/// `scope.lookupvar(name)` (apache's vhost/_directories.erb fills `{}[:item]` for _require.erb).
/// While a variable holds that Puppet value, templates on this thread get the object.
struct SharedObject {
  Value set;
  erb::RubyValue object;
};
thread_local std::unordered_map<const void*, SharedObject> shared_objects;

const void* identity_of(const Value& value) {
  if (value.is_array()) return &value.array();
  return value.is_hash() ? static_cast<const void*>(&value.hash()) : nullptr;
}

/// Whether a Ruby value holds an object that has no Puppet value of its own (a type, a
/// Sensitive: the engine has only their texts), which cannot go back to Puppet unchanged.
bool holds_object(const erb::RubyValue& value, int depth = 0) {
  if (value.is_object() || depth > 100) return true;
  if (value.is_array())
    return std::any_of(value.array().begin(), value.array().end(),
                       [&](const erb::RubyValue& item) { return holds_object(item, depth + 1); });
  if (value.is_hash())
    return std::any_of(value.hash().begin(), value.hash().end(), [&](const auto& entry) {
      return holds_object(entry.first, depth + 1) || holds_object(entry.second, depth + 1);
    });
  return false;
}

/// What a template sees: the variables and functions where template() was called.
class ScopeHost : public erb::TemplateHost {
 public:
  explicit ScopeHost(CallContext& call) : call_(call) {}

  erb::RubyValue instance_variable(const std::string& name) override {
    const Value* found = call_.scope.find(name);
    if (const erb::RubyValue* object = shared(found)) return *object;
    return found ? handed(name, *found) : erb::RubyValue();
  }
  erb::RubyValue lookup_variable(const std::string& name) override {
    const Value* found = call_.host.lookup_variable(name, call_.scope);
    if (const erb::RubyValue* object = shared(found)) return *object;
    if (found)
      return name.find("::") == std::string::npos
                 ? handed(name, *found)
                 : erb::to_ruby(*found, erb::RubyString::Owner::Puppet, made_);
    undefined(name);
    return erb::RubyValue();
  }
  void set_variable(const std::string& name, const erb::RubyValue& value) override {
    Value set = erb::to_puppet(value);
    if (!call_.scope.set(name, set))
      throw erb::RubyError("Cannot reassign variable '$" + name + "'");
    if (!value.is_array() && !value.is_hash()) return;
    if (shared_objects.size() >= 4096) shared_objects.clear();  // a long-lived thread's
    const void* identity = identity_of(set);
    shared_objects[identity] = SharedObject{std::move(set), value};
  }
  erb::RubyHash visible_variables() override {
    erb::RubyHash all;
    for (const auto& [name, value] : compiler::visible_variables(call_.scope))
      erb::hash_store(all, erb::RubyValue(name.string()), handed(name.string(), value));
    return all;
  }
  bool has_variable(const std::string& name) override {
    const Value* found = call_.host.lookup_variable(name, call_.scope);
    return found && !found->is_undef();
  }
  erb::RubyValue call_function(const std::string& name, erb::RubyArray arguments) override {
    std::vector<Value> values;
    for (const erb::RubyValue& argument : arguments) values.push_back(erb::to_puppet(argument));
    std::optional<Value> result;
    ++functions_called_;
    hand_back_changes();  // what the template changed so far, for the function (a template) to see
    try {
      result = call_.host.call_function_by_name(name, std::move(values), call_.scope, call_.where);
    } catch (const lang::SourceError& e) {
      // Puppet reports a function's failure as the template's, with the function's message.
      throw erb::RubyError(e.message());
    }
    forget_replaced();
    if (!result)
      throw erb::RubyError("undefined method `function_" + name + "' for " + scope_name() +
                           ":Puppet::Parser::Scope");
    return erb::to_ruby(*result, erb::RubyString::Owner::Mutable);  // a new object, as in Ruby
  }
  /// Whether the template called a Puppet function so far (which may have changed the catalog,
  /// and had the template's changes handed back): then it cannot start again in Ruby.
  bool called_functions() const { return functions_called_ != 0; }
  std::string scope_name() override { return compiler::scope_name(call_.host, call_.scope); }

  /// Each Array or Hash the template changed goes back to its variable, as in Puppet it is the
  /// variable's value (ruby_changed_variables.hpp); once it has rendered, and before it calls
  /// a function (another template sees the change).
  void hand_back_changes() {
    for (auto& [name, entry] : handed_) {
      if (erb::eql(entry.object, erb::to_ruby(entry.basis)) || holds_object(entry.object)) continue;
      replace_changed_variable(call_.host.resources(), call_.scope, name,
                               erb::to_puppet(entry.object));
      if (const Value* now = call_.scope.find(name)) entry.basis = *now;
    }
  }

 private:
  /// Puppet's Scope#variable_not_found: nothing under strict=off, a warning once under warning,
  /// ArgumentError under error; module_name and caller_module_name always exist.
  void undefined(const std::string& name) {
    const Strict level = call_.host.strictness().strict;
    if (level == Strict::Off || name == "module_name" || name == "caller_module_name") return;
    std::string shown = name, reason;
    std::string bare = name.starts_with("::") ? name.substr(2) : name;
    std::size_t last = bare.rfind("::");
    if (last != std::string::npos) {
      std::string owner = bare.substr(0, last);
      if (!call_.host.environment().find_class(lowercase(owner)))
        reason = "class " + owner + " could not be found";
      else if (!call_.host.resources().find("Class", capitalize_segments(owner)))
        reason = "class " + owner + " has not been evaluated";
      else
        shown = "::" + bare;
    }
    if (level == Strict::Error)
      throw erb::RubyError("Undefined variable '" + shown + "'; " + reason);
    warn_undefined(shown, reason);
  }

  /// Puppet's warning for scope['x'] and lookupvar of an unset variable, once per name.
  void warn_undefined(const std::string& shown, const std::string& reason) {
    static std::mutex mutex;
    static std::set<std::string> warned;
    std::lock_guard lock(mutex);
    if (warned.size() > 10000 || !warned.insert(shown).second) return;
    compile_log("warning", "Undefined variable '" + shown + "'; " + reason +
                               "\n   (file & line not available)");
  }

  /// The object a template set as the variable whose value is `found`, if one did.
  static const erb::RubyValue* shared(const Value* found) {
    if (!found || shared_objects.empty()) return nullptr;
    auto entry = shared_objects.find(identity_of(*found));
    return entry == shared_objects.end() ? nullptr : &entry->second.object;
  }

  /// In Puppet @name is the variable's very Array or Hash: each is handed to the template once,
  /// the same object every time it asks, so that a change in place shows (`@list << x`).
  erb::RubyValue handed(const std::string& name, const Value& value) {
    if (!value.is_array() && !value.is_hash()) return erb::to_ruby(value);
    auto [entry, added] = handed_.try_emplace(name);
    if (added || !same_object(entry->second.basis, value))
      entry->second = {value, erb::to_ruby(value, erb::RubyString::Owner::Puppet, made_)};
    return entry->second.object;
  }

  /// Forgets what a function the template called replaced (a template it rendered changed it):
  /// the next @name is the variable as it is now.
  void forget_replaced() {
    std::erase_if(handed_, [&](const auto& entry) {
      const Value* now = call_.scope.find(entry.first);
      return !now || !same_object(*now, entry.second.basis);
    });
  }

  static bool same_object(const Value& a, const Value& b) {
    if (a.is_array() && b.is_array()) return &a.array() == &b.array();
    return a.is_hash() && b.is_hash() && &a.hash() == &b.hash();
  }

  struct Handed {
    Value basis;            ///< the variable's value when handed
    erb::RubyValue object;  ///< what the template got, and may have changed
  };
  std::unordered_map<std::string, Handed> handed_;
  /// One Ruby object for each Array or Hash, whichever variables hold it (as in Puppet).
  erb::MadeObjects made_;
  CallContext& call_;
  int functions_called_ = 0;
};

/// MARIONETTE_ERB=ruby renders every template in the embedded Ruby, even those the native engine
/// takes: scripts/erb-agreement-check.py compares the two engines on the same templates.
bool ruby_forced() {
  static const bool forced = [] {
    const char* engine = std::getenv("MARIONETTE_ERB");
    return engine && std::string_view(engine) == "ruby";
  }();
  return forced;
}

/// A parsed template, or why the native engine does not take it; and the text for Ruby's ERB
/// (which also takes a template the native engine gives up on while rendering).
struct Parsed {
  std::shared_ptr<const erb::ErbProgram> program;
  std::optional<erb::Unsupported> unsupported;
  std::shared_ptr<const std::string> text;
};

Parsed parse(std::string text) {
  auto kept = std::make_shared<const std::string>(std::move(text));
  try {
    if (ruby_forced()) return {nullptr, erb::Unsupported{1, "nothing (MARIONETTE_ERB=ruby)"}, kept};
    return {erb::parse_erb(*kept), std::nullopt, kept};
  } catch (const erb::Unsupported& u) {
    return {nullptr, u, kept};
  }
}

/// Parses each inline template's text once (a define's inline_template runs once per instance);
/// the cache is emptied when it holds too many texts.
Parsed parse_text_cached(const std::string& text) {
  static std::mutex mutex;
  static std::unordered_map<std::string, Parsed> cache;
  {
    std::lock_guard lock(mutex);
    auto found = cache.find(text);
    if (found != cache.end()) return found->second;
  }
  Parsed parsed = parse(text);
  std::lock_guard lock(mutex);
  if (cache.size() >= 4096) cache.clear();
  cache.emplace(text, parsed);
  return parsed;
}

/// Parses each template file once while it is unchanged.
Parsed parse_file_cached(const std::string& path) {
  struct Entry {
    std::int64_t size, mtime_ns;
    Parsed parsed;
  };
  static std::mutex mutex;
  static std::unordered_map<std::string, Entry> cache;
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) throw std::runtime_error("cannot read " + path);
  std::int64_t mtime =
      static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec;
  {
    std::lock_guard lock(mutex);
    auto found = cache.find(path);
    if (found != cache.end() && found->second.size == info.st_size &&
        found->second.mtime_ns == mtime)
      return found->second.parsed;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  Parsed parsed = parse(text.str());
  std::lock_guard lock(mutex);
  cache[path] = Entry{static_cast<std::int64_t>(info.st_size), mtime, parsed};
  return parsed;
}

/// Where Puppet 7's template() raises a failure of a template it renders.
constexpr std::string_view kPuppetTemplateFunctionFile =
    "/usr/lib/ruby/vendor_ruby/puppet/parser/functions/template.rb";

[[noreturn]] void fail_at(const CallContext& call, const std::string& message) {
  throw lang::SourceError(message, call.where);
}

/// Renders one template; `label` names it in errors as Puppet does.
std::string render(CallContext& call, const Parsed& parsed, const std::string& label,
                   const std::string& path) {
  auto fail = [&](int line, const std::string& detail) -> std::string {
    if (path.empty()) fail_at(call, "Failed to parse inline template: " + detail);
    fail_at(call, "Failed to parse template " + label + ":\n  Filepath: " + path +
                      "\n  Line: " + std::to_string(line) + "\n  Detail: " + detail + "\n");
  };
  if (nested_templates >= kMaxNestedTemplates)
    call.fail("templates nested deeper than " + std::to_string(kMaxNestedTemplates));
  // Beyond the native engine: Ruby's own ERB renders the whole template instead.
  auto in_ruby = [&](const erb::Unsupported& beyond) {
    RubyTemplate request{label, path, *parsed.text,
                         beyond.construct + ", line " + std::to_string(beyond.line)};
    // Ruby's ERB gets copies of the variables: a Ruby object a native template set with
    // scope.setvar, which Ruby's template would share, cannot go to it.
    if (!shared_objects.empty())
      for (const auto& [name, value] : visible_variables(call.scope))
        if (shared_objects.count(identity_of(value)))
          fail_at(call, "The template " + (path.empty() ? std::string("(inline)") : label) +
                            " uses Ruby beyond marionette's ERB engine (" + request.unsupported +
                            ") while $" + to_string(name) +
                            " holds a Ruby object a template set with scope.setvar, which "
                            "marionette cannot hand to Ruby's ERB");
    ++nested_templates;
    try {
      std::string out = render_in_ruby(request, call.host, call.scope, call.where);
      --nested_templates;
      return out;
    } catch (...) {
      --nested_templates;
      throw;
    }
  };
  if (!parsed.program) {
    // (A syntax error as the native parser sees it goes to Ruby too, whose words are Puppet's;
    // without the embedded Ruby it is reported as the native parser words it.)
    const erb::Unsupported& beyond = *parsed.unsupported;
    std::string why_not;
    if (beyond.construct.starts_with("syntax error") && !ruby_module(why_not))
      return fail(beyond.line,
                  path.empty() ? beyond.construct + " (line " + std::to_string(beyond.line) + ")"
                               : beyond.construct);
    return in_ruby(beyond);
  }
  ScopeHost host(call);
  ++nested_templates;
  try {
    std::string out = erb::render_erb(*parsed.program, host);
    --nested_templates;
    host.hand_back_changes();
    return out;
  } catch (const erb::TemplateError& e) {
    --nested_templates;
    // A nested template()'s failure: Puppet's template() names the line of its own file that
    // raised it, as the Ruby-rendered path does (template_compat.rb's PUPPET_TEMPLATE_FUNCTION).
    if (!path.empty() && e.message.starts_with("Failed to parse template "))
      fail_at(call, "Failed to parse template " + label +
                        ":\n  Filepath: " + std::string(kPuppetTemplateFunctionFile) +
                        "\n  Line: 36\n  Detail: " + e.message + "\n");
    return fail(e.line, e.message);
  } catch (const erb::Unsupported& beyond) {
    // Found while rendering (a String of Puppet's changed in place): Ruby starts over, unless
    // the template already called a function (which may have changed the catalog).
    --nested_templates;
    if (host.called_functions())
      return fail(beyond.line, beyond.construct +
                                   " after a call of a Puppet function: beyond "
                                   "marionette's ERB engine, which cannot hand it "
                                   "to Ruby's ERB then");
    return in_ruby(beyond);
  } catch (...) {
    --nested_templates;
    throw;
  }
}

void expect_some(CallContext& call) {
  if (call.arguments.empty()) call.fail("Wrong number of arguments given (0 for minimum 1)");
}

/// template('module/file.erb', ...): each template rendered in turn, concatenated.
Value template_function(CallContext& call) {
  expect_some(call);
  std::string out;
  for (const Value& argument : call.arguments) {
    std::string reference = to_string(argument);
    std::optional<fs::path> found;
    if (reference.starts_with("/")) {
      if (fs::is_regular_file(reference)) found = reference;
    } else {
      found = call.host.environment().module_file(reference, "templates");
    }
    if (!found) fail_at(call, "Could not find template '" + reference + "'");
    std::string path = fs::absolute(*found).lexically_normal().string();
    out += render(call, parse_file_cached(path), reference, path);
  }
  return out;
}

/// inline_template('<%= @x %>', ...): each text rendered as a template, concatenated.
Value inline_template_function(CallContext& call) {
  expect_some(call);
  std::string out;
  for (const Value& argument : call.arguments)
    out += render(call, parse_text_cached(to_string(argument)), "", "");
  return out;
}

}  // namespace

void register_erb_functions(FunctionTable& table) {
  table.emplace_back("template", template_function);
  table.emplace_back("inline_template", inline_template_function);
}

}  // namespace marionette::compiler
