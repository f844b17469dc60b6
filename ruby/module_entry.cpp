// marionette-ruby.so: Ruby embedded for the functions modules ship in Ruby (module_abi.h).
//
// Ruby starts on the first call, on a thread of its own (ruby_thread.hpp), loads the
// compatibility layer installed beside this file (ruby/marionette/puppet_compat.rb) and stays
// for the life of the process. Every Ruby call runs under rb_protect: no Ruby exception (a
// longjmp) leaves Ruby's thread, and no C++ exception crosses into Ruby or out of the module.

#include <dlfcn.h>
#include <ruby.h>
#include <ruby/encoding.h>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "host_calls.hpp"
#include "module_abi.h"
#include "ruby_thread.hpp"
#include "ruby_values.hpp"
#include "template_changes.hpp"

namespace marionette::ruby {
namespace {

/// Ruby frames a chain of Ruby → marionette → Ruby calls may stack; beyond it the call fails.
constexpr int kMaxNesting = 64;

std::once_flag ruby_started;
bool ruby_ready = false;
std::string start_error;

/// Ruby waits for its child processes (IO.popen, Open3, system) through its SIGCHLD handler.
/// marionette keeps its own handling; Ruby's is in place only while Ruby code runs.
struct sigaction ruby_sigchld {};

class RubySigchld {
 public:
  RubySigchld() {
    if (depth_++ == 0) sigaction(SIGCHLD, &ruby_sigchld, &saved_);
  }
  ~RubySigchld() {
    if (--depth_ == 0) sigaction(SIGCHLD, &saved_, nullptr);
  }
  RubySigchld(const RubySigchld&) = delete;
  RubySigchld& operator=(const RubySigchld&) = delete;

 private:
  static inline int depth_ = 0;  // only Ruby's thread makes these
  static inline struct sigaction saved_ {};
};

/// The directory this module was loaded from.
std::filesystem::path module_directory() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&module_directory), &info) == 0 || !info.dli_fname) return {};
  return std::filesystem::path(info.dli_fname).parent_path();
}

// --- Start-up -----------------------------------------------------------------------------------

/// Loads the compatibility layer (its precompiled instruction sequences from ruby-iseq/ beside
/// this file where they are current: ruby/lib/marionette/precompiled.rb); run under rb_protect.
VALUE load_layer(VALUE path) {
  define_host_module(rb_define_module("Marionette"));
  rb_ary_unshift(rb_gv_get("$LOAD_PATH"), path);
  rb_require("marionette/precompiled");
  std::filesystem::path sequences = module_directory() / "ruby-iseq";
  rb_funcall(rb_path2class("Marionette::Precompiled"), rb_intern("setup"), 1,
             rb_str_new_cstr(sequences.c_str()));
  rb_require("marionette/puppet_compat");
  bind_host_error_class();
  bind_value_classes();
  return Qnil;
}

std::string exception_text(VALUE exception) {
  VALUE message = rb_protect([](VALUE e) { return rb_funcall(e, rb_intern("message"), 0); },
                             exception, nullptr);
  if (!RB_TYPE_P(message, T_STRING)) return rb_obj_classname(exception);
  return std::string(RSTRING_PTR(message), static_cast<std::size_t>(RSTRING_LEN(message)));
}

/// Starts Ruby on its thread. Ruby installs handlers for signals whose handling is the default;
/// marionette's own handling must stay as it was, so each is put back.
void start_ruby() {
  static const int kSignals[] = {SIGINT,  SIGHUP,  SIGQUIT, SIGTERM, SIGALRM, SIGUSR1,
                                 SIGUSR2, SIGPIPE, SIGCHLD, SIGSEGV, SIGBUS};
  struct sigaction saved[std::size(kSignals)];
  for (std::size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], nullptr, &saved[i]);
  RUBY_INIT_STACK;
  int state = ruby_setup();
  if (state == 0) {
    // As `ruby --disable-gems -e ''` starts: the standard library's load path and Ruby's own
    // methods written in Ruby (Kernel#class among them) come with the options; RubyGems,
    // did_you_mean and error_highlight stay out, so that messages are Ruby's plain ones.
    static char program[] = "marionette", no_gems[] = "--disable-gems", e[] = "-e", empty[] = "";
    char* argv[] = {program, no_gems, e, empty, nullptr};
    void* node = ruby_options(4, argv);
    if (!ruby_executable_node(node, &state)) state = state ? state : 1;
  }
  sigaction(SIGCHLD, nullptr, &ruby_sigchld);
  for (std::size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &saved[i], nullptr);
  if (state != 0) {
    start_error = "Ruby failed to start";
    return;
  }
  ruby_script("marionette");
  rb_enc_set_default_external(rb_enc_from_encoding(rb_utf8_encoding()));
  std::filesystem::path layer = module_directory() / "ruby";
  VALUE path = rb_str_new_cstr(layer.c_str());
  rb_protect(load_layer, path, &state);
  if (state != 0) {
    start_error = "cannot load marionette's Ruby layer from " + layer.string() + ": " +
                  exception_text(rb_errinfo());
    rb_set_errinfo(Qnil);
    return;
  }
  ruby_ready = true;
}

/// Ruby's `exit N` and `abort` raise SystemExit, which Puppet lets end the process with N:
/// the status goes to `reply` in decimal (the host decides what ending means).
bool exit_status(VALUE exception, std::string& reply) {
  if (!RTEST(rb_obj_is_kind_of(exception, rb_eSystemExit))) return false;
  VALUE status =
      rb_protect([](VALUE e) { return rb_funcall(e, rb_intern("status"), 0); }, exception, nullptr);
  reply = std::to_string(FIXNUM_P(status) ? FIX2INT(status) : 1);
  return true;
}

// --- One call -----------------------------------------------------------------------------------

/// The modules' lib/ directories, each followed by a NUL, as a Ruby Array.
VALUE load_path_array(const char* data, std::size_t size) {
  VALUE load_path = rb_ary_new();
  for (std::size_t at = 0; at < size;) {
    std::size_t length = strnlen(data + at, size - at);
    rb_ary_push(load_path, utf8_string({data + at, length}));
    at += length + 1;
  }
  return load_path;
}

struct Invocation {
  const marionette_ruby_call* call;
  VALUE result = Qnil;
  std::string error;
};

VALUE invoke(VALUE self) {
  auto* invocation = reinterpret_cast<Invocation*>(self);
  const marionette_ruby_call& call = *invocation->call;
  VALUE arguments = Qnil;
  if (!to_ruby({call.arguments, call.arguments_size}, arguments, invocation->error)) return Qnil;
  VALUE load_path = load_path_array(call.load_path, call.load_path_size);
  VALUE marionette = rb_path2class("Marionette");
  invocation->result =
      rb_funcall(marionette, rb_intern("invoke"), 7, INT2FIX(call.api), rb_str_new_cstr(call.file),
                 rb_str_new_cstr(call.name), arguments, call.has_block ? Qtrue : Qfalse, load_path,
                 LONG2NUM(static_cast<long>(frames.size()) - 1));
  return Qnil;
}

struct BlockInvocation {
  int block_id;
  std::string_view arguments;
  VALUE result = Qnil;
  std::string error;
};

VALUE invoke_block(VALUE self) {
  auto* invocation = reinterpret_cast<BlockInvocation*>(self);
  VALUE arguments = Qnil;
  if (!to_ruby(invocation->arguments, arguments, invocation->error)) return Qnil;
  invocation->result = rb_funcall(rb_path2class("Marionette"), rb_intern("call_block"), 2,
                                  INT2FIX(invocation->block_id), arguments);
  return Qnil;
}

/// Runs `body` (invoke, invoke_block, invoke_template) under rb_protect with a frame for
/// `host`'s calls back; Ruby's error goes to `reply`, else `finish` puts the result there.
/// `nesting` names what nests too deep ("templates and functions").
template <typename Invocation, typename Finish>
int run_protected(VALUE (*body)(VALUE), Invocation& invocation, const marionette_ruby_host& host,
                  const char* nesting, std::string& reply, Finish finish) {
  if (!ruby_ready) {
    reply = start_error;
    return MARIONETTE_RUBY_ERROR;
  }
  if (ruby_thread->depth() > kMaxNesting) {
    reply = std::string("stack level too deep (") + nesting + " nested more than " +
            std::to_string(kMaxNesting) + " deep)";
    return MARIONETTE_RUBY_ERROR;
  }
  RubySigchld sigchld;
  Frame frame{&host};
  frames.push_back(&frame);
  int state = 0;
  rb_protect(body, reinterpret_cast<VALUE>(&invocation), &state);
  frames.pop_back();
  if (state != 0) {
    VALUE exception = rb_errinfo();
    rb_set_errinfo(Qnil);
    if (exit_status(exception, reply)) return MARIONETTE_RUBY_EXIT;
    reply = exception_text(exception);
    bool passed_through = frame.host_failed && is_host_error(exception);
    return passed_through ? MARIONETTE_RUBY_HOST_ERROR : MARIONETTE_RUBY_ERROR;
  }
  if (!invocation.error.empty()) {
    reply = invocation.error;
    return MARIONETTE_RUBY_ERROR;
  }
  return finish(invocation.result, reply);
}

constexpr const char* kFunctionNesting = "calls between Ruby and Puppet functions";

/// A function's or block's result as a value in the wire format.
auto value_reply(std::string what) {
  return [what = std::move(what)](VALUE result, std::string& reply) {
    std::string error;
    if (from_ruby(result, reply, error)) return MARIONETTE_RUBY_OK;
    reply = what + " returned a value Puppet cannot hold: " + error;
    return MARIONETTE_RUBY_ERROR;
  };
}

/// Runs `run` on Ruby's thread (starting Ruby on the first call); its reply goes to the sink.
template <typename Run>
int on_ruby_thread(marionette_ruby_sink sink, void* sink_context, Run run) {
  std::string reply;
  int status = MARIONETTE_RUBY_ERROR;
  try {
    std::call_once(ruby_started, [] { ruby_thread = new RubyThread(start_ruby); });
    ruby_thread->run([&] { status = run(reply); });
  } catch (const std::exception& e) {
    reply = e.what();
    status = MARIONETTE_RUBY_ERROR;
  }
  sink(sink_context, reply.data(), reply.size());
  return status;
}

int call_function(const marionette_ruby_call* call, const marionette_ruby_host* host,
                  marionette_ruby_sink sink, void* sink_context) {
  return on_ruby_thread(sink, sink_context, [&](std::string& reply) {
    Invocation invocation{call, Qnil, {}};
    std::string what = "the function '" + std::string(call->name) + "'";
    return run_protected(invoke, invocation, *host, kFunctionNesting, reply, value_reply(what));
  });
}

int call_block(int block_id, const char* arguments, std::size_t arguments_size,
               const marionette_ruby_host* host, marionette_ruby_sink sink, void* sink_context) {
  return on_ruby_thread(sink, sink_context, [&](std::string& reply) {
    BlockInvocation invocation{block_id, {arguments, arguments_size}, Qnil, {}};
    return run_protected(invoke_block, invocation, *host, kFunctionNesting, reply,
                         value_reply("a Ruby block"));
  });
}

// --- One template ------------------------------------------------------------------------------

struct TemplateInvocation {
  const marionette_ruby_template* request;
  VALUE result = Qnil;
  std::string error;
};

VALUE invoke_template(VALUE self) {
  auto* invocation = reinterpret_cast<TemplateInvocation*>(self);
  const marionette_ruby_template& request = *invocation->request;
  VALUE variables = Qnil;
  if (!to_ruby({request.variables, request.variables_size}, variables, invocation->error))
    return Qnil;
  rb_require("marionette/template_compat");  // with the first template: not at Ruby's start
  VALUE templates = rb_path2class("Marionette::Templates");
  invocation->result = rb_funcall(
      templates, rb_intern("render"), 6, utf8_string(request.reference), utf8_string(request.file),
      utf8_string({request.text, request.text_size}), variables, utf8_string(request.scope_name),
      load_path_array(request.load_path, request.load_path_size));
  hand_back_changed_variables({request.variables, request.variables_size}, variables);
  return Qnil;
}

/// A template's output is text, not a value: it goes to `reply` as it is.
int run_template(const marionette_ruby_template& request, const marionette_ruby_host& host,
                 std::string& reply) {
  TemplateInvocation invocation{&request, Qnil, {}};
  return run_protected(invoke_template, invocation, host, "templates and functions", reply,
                       [](VALUE result, std::string& text) {
                         if (!RB_TYPE_P(result, T_STRING)) {
                           text =
                               "marionette's Ruby layer rendered a template to something "
                               "other than a String";
                           return MARIONETTE_RUBY_ERROR;
                         }
                         text.assign(RSTRING_PTR(result),
                                     static_cast<std::size_t>(RSTRING_LEN(result)));
                         return MARIONETTE_RUBY_OK;
                       });
}

int render_template(const marionette_ruby_template* request, const marionette_ruby_host* host,
                    marionette_ruby_sink sink, void* sink_context) {
  return on_ruby_thread(sink, sink_context,
                        [&](std::string& reply) { return run_template(*request, *host, reply); });
}

// --- Custom facts -------------------------------------------------------------------------------

struct FactsInvocation {
  const marionette_ruby_facts_request* request;
  VALUE result = Qnil;
  std::string error;
};

/// Loads the Facter layer (the first time) and resolves; run under rb_protect.
VALUE invoke_facts(VALUE self) {
  auto* invocation = reinterpret_cast<FactsInvocation*>(self);
  const marionette_ruby_facts_request& request = *invocation->request;
  VALUE core = Qnil, external = Qnil, options = Qnil;
  if (!to_ruby({request.core, request.core_size}, core, invocation->error) ||
      !to_ruby({request.external, request.external_size}, external, invocation->error) ||
      !to_ruby({request.options, request.options_size}, options, invocation->error))
    return Qnil;
  rb_require("marionette/facter_compat");
  VALUE facts = rb_path2class("Marionette::CustomFacts");
  invocation->result = rb_funcall(
      facts, rb_intern("resolve"), 5, load_path_array(request.files, request.files_size),
      load_path_array(request.load_path, request.load_path_size), core, external, options);
  return Qnil;
}

/// Custom facts run outside any compile (no frame: a call back into marionette fails), with
/// Ruby's SIGCHLD handling in place (they run commands).
int run_facts(const marionette_ruby_facts_request& request, std::string& reply) {
  if (!ruby_ready) {
    reply = start_error;
    return MARIONETTE_RUBY_ERROR;
  }
  RubySigchld sigchld;
  FactsInvocation invocation{&request, Qnil, {}};
  int state = 0;
  rb_protect(invoke_facts, reinterpret_cast<VALUE>(&invocation), &state);
  if (state != 0) {
    VALUE exception = rb_errinfo();
    rb_set_errinfo(Qnil);
    if (exit_status(exception, reply)) return MARIONETTE_RUBY_EXIT;
    reply = exception_text(exception);
    return MARIONETTE_RUBY_ERROR;
  }
  if (!invocation.error.empty()) {
    reply = invocation.error;
    return MARIONETTE_RUBY_ERROR;
  }
  std::string error;
  if (!from_ruby(invocation.result, reply, error)) {
    reply = "custom facts gave a value facts cannot hold: " + error;
    return MARIONETTE_RUBY_ERROR;
  }
  return MARIONETTE_RUBY_OK;
}

int resolve_facts(const marionette_ruby_facts_request* request, marionette_ruby_sink sink,
                  void* sink_context) {
  return on_ruby_thread(sink, sink_context,
                        [&](std::string& reply) { return run_facts(*request, reply); });
}

int start(marionette_ruby_sink sink, void* sink_context) {
  return on_ruby_thread(sink, sink_context, [](std::string& reply) {
    if (ruby_ready) return MARIONETTE_RUBY_OK;
    reply = start_error;
    return MARIONETTE_RUBY_ERROR;
  });
}

const marionette_ruby_module kModule{MARIONETTE_RUBY_ABI_VERSION,
                                     &call_function,
                                     &call_block,
                                     &render_template,
                                     &resolve_facts,
                                     &start};

}  // namespace
}  // namespace marionette::ruby

extern "C" __attribute__((visibility("default"))) const marionette_ruby_module*
marionette_ruby_module_v1() {
  return &marionette::ruby::kModule;
}
