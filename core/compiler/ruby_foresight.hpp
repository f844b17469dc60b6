#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

namespace marionette::lang {
struct Program;
}

namespace marionette::compiler {

class Environment;

/// Sees, in the code a compile loads, that it is about to need the embedded Ruby, and starts the
/// Ruby worker then (prepare_ruby()), so that Ruby's start-up overlaps the compile's own work
/// instead of holding up the first call. Each file is looked at as it is loaded (the main
/// manifest, a class or defined type about to be evaluated), for
/// - a call of a namespaced function a module ships in Ruby only (modules/NS/lib/puppet/
///   functions/NS/NAME.rb; no native function, no Puppet-language one of that name);
/// - a string naming a module's ERB template ('apache/httpd.conf.erb', as template() takes it,
///   often through a parameter's default) that marionette's ERB engine does not take, or whose
///   code calls such a function (scope.call_function('apache::bool2httpd', ...)).
/// A guess from the text, never a change in what the compile does: a wrong one costs a worker
/// started for nothing (killed when the process ends), a missed one the wait as before.
class RubyForesight {
 public:
  explicit RubyForesight(Environment& environment) : environment_(environment) {}
  /// Looks at a file just loaded; starts the worker at the first sign.
  void look_at(const lang::Program& program);

 private:
  bool needs_ruby(std::string_view text);
  /// A namespaced function written in Ruby only ("apache::bool2httpd").
  bool ruby_function(const std::string& name);
  /// A template ("apache/httpd.conf.erb") the native ERB engine does not take or that calls a
  /// Ruby function.
  bool ruby_template(const std::string& reference);

  Environment& environment_;
  bool seen_ = false;  ///< the worker was started: nothing more to look for
  std::unordered_map<std::string, bool> functions_, templates_;
};

}  // namespace marionette::compiler
