// template() and inline_template(): Puppet's ERB functions, on the native ERB engine
// (compiler/erb/erb_template.hpp). A template file is parsed once per process while it is
// unchanged (cached by path, size and modification time), an inline template once per text,
// and each is rendered natively; one the native parse refuses (before anything ran) is rendered
// whole by Ruby's own ERB in the embedded Ruby (compiler/ruby_templates.hpp).

#include <sys/stat.h>

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
#include "compiler/scope.hpp"
#include "compiler/ruby_module.hpp"
#include "compiler/ruby_templates.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxNestedTemplates = 64;
thread_local int nested_templates = 0;

/// What a template sees: the variables and functions where template() was called.
class ScopeHost : public erb::TemplateHost {
 public:
  explicit ScopeHost(CallContext& call) : call_(call) {}

  erb::RubyValue instance_variable(const std::string& name) override {
    const Value* found = call_.scope.find(name);
    return found ? erb::to_ruby(*found) : erb::RubyValue();
  }
  erb::RubyValue lookup_variable(const std::string& name) override {
    const Value* found = call_.host.lookup_variable(name, call_.scope);
    if (found) return erb::to_ruby(*found);
    warn_undefined(name);
    return erb::RubyValue();
  }
  void set_variable(const std::string& name, const erb::RubyValue& value) override {
    if (!call_.scope.set(name, erb::to_puppet(value)))
      throw erb::RubyError("Cannot reassign variable '$" + name + "'");
  }
  erb::RubyHash visible_variables() override {
    erb::RubyHash all;
    for (const auto& [name, value] : compiler::visible_variables(call_.scope))
      erb::hash_store(all, erb::RubyValue(name.string()), erb::to_ruby(value));
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
    try {
      result = call_.host.call_function_by_name(name, std::move(values), call_.scope, call_.where);
    } catch (const lang::SourceError& e) {
      // Puppet reports a function's failure as the template's, with the function's message.
      throw erb::RubyError(e.message());
    }
    if (!result)
      throw erb::RubyError("undefined method `function_" + name + "' for " + scope_name() +
                           ":Puppet::Parser::Scope");
    return erb::to_ruby(*result);
  }
  std::string scope_name() override { return compiler::scope_name(call_.host, call_.scope); }

 private:
  /// Puppet's warning for scope['x'] and lookupvar of an unset variable, once per name.
  void warn_undefined(const std::string& name) {
    static std::mutex mutex;
    static std::set<std::string> warned;
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
    std::lock_guard lock(mutex);
    if (warned.size() > 10000 || !warned.insert(shown).second) return;
    compile_log("warning", "Undefined variable '" + shown + "'; " + reason +
                               "\n   (file & line not available)");
  }

  CallContext& call_;
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

/// A parsed template, or why the native engine does not take it and the text for Ruby's ERB.
struct Parsed {
  std::shared_ptr<const erb::ErbProgram> program;
  std::optional<erb::Unsupported> unsupported;
  std::shared_ptr<const std::string> text;  ///< only when unsupported (or Ruby is forced)
};

Parsed parse(std::string text) {
  try {
    if (ruby_forced())
      return {nullptr, erb::Unsupported{1, "nothing (MARIONETTE_ERB=ruby)"},
              std::make_shared<const std::string>(std::move(text))};
    return {erb::parse_erb(text), std::nullopt, nullptr};
  } catch (const erb::Unsupported& u) {
    return {nullptr, u, std::make_shared<const std::string>(std::move(text))};
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
  if (!parsed.program) {
    // Beyond the native engine: Ruby's own ERB renders the whole template instead.
    // (A syntax error as the native parser sees it goes to Ruby too, whose words are Puppet's;
    // without the embedded Ruby it is reported as the native parser words it.)
    const erb::Unsupported& beyond = *parsed.unsupported;
    std::string why_not;
    if (beyond.construct.starts_with("syntax error") && !ruby_module(why_not))
      return fail(beyond.line, path.empty() ? beyond.construct + " (line " +
                                                  std::to_string(beyond.line) + ")"
                                            : beyond.construct);
    RubyTemplate request{label, path, *parsed.text,
                         beyond.construct + ", line " + std::to_string(beyond.line)};
    ++nested_templates;
    try {
      std::string out = render_in_ruby(request, call.host, call.scope, call.where);
      --nested_templates;
      return out;
    } catch (...) {
      --nested_templates;
      throw;
    }
  }
  ScopeHost host(call);
  ++nested_templates;
  try {
    std::string out = erb::render_erb(*parsed.program, host);
    --nested_templates;
    return out;
  } catch (const erb::TemplateError& e) {
    --nested_templates;
    return fail(e.line, e.message);
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
