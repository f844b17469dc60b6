/* The C interface between marionette and marionette-ruby.so, the module that embeds Ruby.
 *
 * marionette loads the module (dlopen) only when a compile calls a function that a module ships
 * in Ruby, and finds in it one symbol, kMarionetteRubyEntry, which returns the table below.
 * Only plain C types cross: values travel in the wire format of ruby/value_wire.md (bytes that
 * each side encodes and decodes itself), texts as pointer and size, and whatever one side hands
 * the other is copied before the call that handed it returns. No C++ type, exception or
 * allocation crosses. */
#ifndef MARIONETTE_RUBY_MODULE_ABI_H
#define MARIONETTE_RUBY_MODULE_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MARIONETTE_RUBY_MODULE_FILE "marionette-ruby.so"
#define MARIONETTE_RUBY_ENTRY "marionette_ruby_module_v1"
#define MARIONETTE_RUBY_ABI_VERSION 6u

/* Receives bytes (a value, or an error's text); they are valid only during the call. */
typedef void (*marionette_ruby_sink)(void* sink_context, const char* data, size_t size);

/* What a call returns. */
enum marionette_ruby_status {
  MARIONETTE_RUBY_OK = 0,         /* the sink got the value */
  MARIONETTE_RUBY_ERROR = 1,      /* the sink got the error's text, as Puppet words it */
  MARIONETTE_RUBY_HOST_ERROR = 2, /* a call back into marionette failed and Ruby let the
                                     failure through: the host rethrows its own error */
  MARIONETTE_RUBY_NOT_FOUND = 3,  /* lookup_variable: no such variable */
  MARIONETTE_RUBY_EXIT = 4        /* Ruby code called exit or abort (SystemExit): the sink got
                                     the exit status, in decimal */
};

/* marionette's side, called by the module while a function runs, on the thread that called
 * call_function (never on Ruby's). Each returns a marionette_ruby_status; with ERROR the sink
 * got the error's text. */
struct marionette_ruby_host {
  void* context;
  /* Calls a function by name (native, Puppet-language or Ruby); `arguments` is an Array. */
  int (*call_function)(void* context, const char* name, size_t name_size, const char* arguments,
                       size_t arguments_size, marionette_ruby_sink sink, void* sink_context);
  /* Calls the block the Ruby function was given; `arguments` is an Array. */
  int (*call_block)(void* context, const char* arguments, size_t arguments_size,
                    marionette_ruby_sink sink, void* sink_context);
  /* A variable as the calling scope sees it ("x", "::x", "a::b::x"). */
  int (*lookup_variable)(void* context, const char* name, size_t name_size,
                         marionette_ruby_sink sink, void* sink_context);
  /* Whether `value` is an instance of the Puppet type written `type` ("Optional[String]"):
   * OK with an empty sink when it is; ERROR with Puppet's mismatch text ("expects a String
   * value, got Integer") when not. */
  int (*check_type)(void* context, const char* type, size_t type_size, const char* value,
                    size_t value_size, marionette_ruby_sink sink, void* sink_context);
  /* call_function with a Ruby block (`call_function('each', a) { |x| ... }`): the function gets
   * a block of `block_parameters` parameters whose calls come back through the module's
   * call_block with `block_id`. */
  int (*call_function_with_block)(void* context, const char* name, size_t name_size,
                                  const char* arguments, size_t arguments_size, int block_id,
                                  int block_parameters, marionette_ruby_sink sink,
                                  void* sink_context);
  /* scope.setvar from a template: sets the variable in the calling scope; ERROR with Puppet's
   * words when it is already set there; OK with undef. */
  int (*set_variable)(void* context, const char* name, size_t name_size, const char* value,
                      size_t value_size, marionette_ruby_sink sink, void* sink_context);
  /* A variable whose Array or Hash a template's Ruby changed in place (`@list << x`), with its
   * value now. In Puppet the template's object is the variable's value: the host changes the
   * variable where it is set, the variables of that scope that hold the same value, and the
   * parameter of that scope's class or defined type that it is. OK with undef. */
  int (*replace_variable)(void* context, const char* name, size_t name_size, const char* value,
                          size_t value_size, marionette_ruby_sink sink, void* sink_context);
  /* Puppet.warning, notice, err, info or debug: `level` is the method's name, NUL-terminated;
   * the message goes to marionette's run log as Puppet's log shows it. */
  void (*log)(void* context, const char* level, const char* message, size_t message_size);
};

/* One call of a module's Ruby function. */
struct marionette_ruby_call {
  int api;               /* 4: lib/puppet/functions (create_function), 3: newfunction;
                            0: not a function but a resource type file (lib/puppet/type/NAME.rb)
                            run to read its definition: `name` is the type's, no arguments, no
                            host calls; the value is a Hash (ruby/lib/marionette/type_reader.rb) */
  const char* file;      /* the function's .rb file, NUL-terminated */
  const char* name;      /* the function's name as called, NUL-terminated */
  const char* arguments; /* an Array, in the wire format */
  size_t arguments_size;
  int has_block;         /* a block was given (call_block calls it) */
  const char* load_path; /* the modules' lib/ directories, each followed by a NUL */
  size_t load_path_size;
};

/* One template rendered by Ruby's own ERB, with Puppet's binding (template(), inline_template()). */
struct marionette_ruby_template {
  const char* reference;  /* as template() was given it ("apache/vhost.erb"); "" for inline */
  const char* file;       /* the template's path, NUL-terminated; "" for inline_template */
  const char* text;       /* the template */
  size_t text_size;
  const char* variables;  /* a Hash of every visible variable (scope.to_hash), in the wire format */
  size_t variables_size;
  const char* scope_name; /* "Scope(Class[main])", as the scope object prints, NUL-terminated */
  const char* load_path;  /* the modules' lib/ directories, each followed by a NUL */
  size_t load_path_size;
};

/* The custom facts modules ship in lib/facter (Facter's DSL), resolved once for a run. */
struct marionette_ruby_facts_request {
  const char* files; /* the fact files, in load order, each followed by a NUL */
  size_t files_size;
  const char* load_path; /* the modules' lib/ directories, each followed by a NUL */
  size_t load_path_size;
  const char* core; /* a Hash: the core (native) facts, for Facter.value and confines */
  size_t core_size;
  const char* external; /* a Hash: the external facts, which win over every custom fact */
  size_t external_size;
  /* a Hash: "part" and "parts" (this call resolves the facts of its part, other workers the
   * others at the same time), "facter_conf" and "cache_dir" (facter.conf's ttls) */
  const char* options;
  size_t options_size;
};

struct marionette_ruby_module {
  uint32_t abi_version; /* MARIONETTE_RUBY_ABI_VERSION */
  /* Runs the function (Ruby starts on the first call, on the module's own thread); the sink gets
   * the result or the error's text. Safe from any thread, one call at a time (calls that the
   * host makes from within one of its callbacks nest). */
  int (*call_function)(const struct marionette_ruby_call* call,
                       const struct marionette_ruby_host* host, marionette_ruby_sink sink,
                       void* sink_context);
  /* Calls the Ruby block `block_id` that Ruby code handed to host->call_function_with_block,
   * while that call runs; `arguments` is an Array. */
  int (*call_block)(int block_id, const char* arguments, size_t arguments_size,
                    const struct marionette_ruby_host* host, marionette_ruby_sink sink,
                    void* sink_context);
  /* Renders a template; the sink gets its output (plain UTF-8 text, not the wire format), or
   * with ERROR the whole error as Puppet words it ("Failed to parse template X:\n  Filepath:
   * ..."). `host` answers scope.lookupvar and the template's function calls. */
  int (*render_template)(const struct marionette_ruby_template* request,
                         const struct marionette_ruby_host* host, marionette_ruby_sink sink,
                         void* sink_context);
  /* Resolves the custom facts of `request->files` as Facter 4 does. The sink gets a Hash:
   * "facts" => the custom facts that win over the core fact of their name (a fact with no value
   * left out), "logs" => an Array of [level, message] ("err", "warning", "debug") as Facter
   * logs them: a file that fails to load or a resolution that raises is an error, and the run
   * goes on without it. ERROR only when Ruby itself cannot run. */
  int (*resolve_facts)(const struct marionette_ruby_facts_request* request,
                       marionette_ruby_sink sink, void* sink_context);
  /* Starts Ruby and loads the layer now, before any call needs it (a Ruby worker starts warm).
   * OK, or ERROR with why Ruby cannot run in the sink. */
  int (*start)(marionette_ruby_sink sink, void* sink_context);
};

typedef const struct marionette_ruby_module* (*marionette_ruby_entry)(void);

#ifdef __cplusplus
}
#endif

#endif
