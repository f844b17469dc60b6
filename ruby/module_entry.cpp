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

#include "module_abi.h"
#include "ruby_thread.hpp"
#include "ruby_values.hpp"

namespace marionette::ruby {
namespace {

/// Ruby frames a chain of Ruby → marionette → Ruby calls may stack; beyond it the call fails.
constexpr int kMaxNesting = 64;

/// The call Ruby is running, innermost last (only Ruby's thread touches it).
struct Frame {
  const marionette_ruby_call* call;
  const marionette_ruby_host* host;
  bool host_failed = false;
};
std::vector<Frame*> frames;

RubyThread* ruby_thread = nullptr;
bool ruby_ready = false;
/// Ruby's own SIGCHLD handling, which its waitpid needs to hear that a child ended; it is
/// marionette's except while custom facts run (they run commands; marionette waits meanwhile).
struct sigaction ruby_sigchld {};
std::string start_error;
VALUE host_error_class = Qnil;

void append_to_string(void* sink_context, const char* data, std::size_t size) {
  static_cast<std::string*>(sink_context)->assign(data, size);
}

VALUE utf8(const std::string& text) {
  return rb_enc_str_new(text.data(), static_cast<long>(text.size()), rb_utf8_encoding());
}

/// The directory this module was loaded from.
std::filesystem::path module_directory() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&module_directory), &info) == 0 || !info.dli_fname) return {};
  return std::filesystem::path(info.dli_fname).parent_path();
}

// --- Calls back into marionette, made by Ruby code through Marionette::Host -----------------

/// Runs one of the host's calls on the host's thread. Returns the value, or sets `failure` to
/// the exception Ruby raises. No C++ object lives in the caller when it raises.
VALUE call_host(const std::function<int(const marionette_ruby_host&, std::string&)>& call,
                bool not_found_is_nil, VALUE& failure) {
  if (frames.empty()) {  // custom facts run outside any compile
    failure = rb_exc_new_cstr(rb_eRuntimeError, "no Puppet compilation is running");
    return Qnil;
  }
  Frame* frame = frames.back();
  int status = MARIONETTE_RUBY_ERROR;
  std::string reply;
  ruby_thread->run_on_caller([&] { status = call(*frame->host, reply); });
  if (status == MARIONETTE_RUBY_NOT_FOUND && not_found_is_nil) return Qnil;
  if (status != MARIONETTE_RUBY_OK) {
    if (status == MARIONETTE_RUBY_HOST_ERROR) frame->host_failed = true;
    failure = rb_exc_new_str(host_error_class, utf8(reply));
    return Qnil;
  }
  VALUE value = Qnil;
  std::string error;
  if (!to_ruby(reply, value, error)) failure = rb_exc_new_str(rb_eRuntimeError, utf8(error));
  return value;
}

/// The wire bytes of a Ruby value, or `failure` set.
bool encode_argument(VALUE value, std::string& out, VALUE& failure) {
  std::string error;
  if (from_ruby(value, out, error)) return true;
  failure = rb_exc_new_str(rb_eArgError, utf8(error));
  return false;
}

VALUE host_call_function_impl(VALUE name, VALUE arguments, VALUE& failure) {
  std::string encoded;
  if (!encode_argument(arguments, encoded, failure)) return Qnil;
  std::string text(RSTRING_PTR(name), static_cast<std::size_t>(RSTRING_LEN(name)));
  return call_host(
      [&](const marionette_ruby_host& host, std::string& reply) {
        return host.call_function(host.context, text.data(), text.size(), encoded.data(),
                                  encoded.size(), append_to_string, &reply);
      },
      false, failure);
}

VALUE host_call_function(VALUE, VALUE name, VALUE arguments) {
  StringValue(name);
  Check_Type(arguments, T_ARRAY);
  VALUE failure = Qnil;
  VALUE result = host_call_function_impl(name, arguments, failure);
  if (!NIL_P(failure)) rb_exc_raise(failure);
  return result;
}

VALUE host_call_block_impl(VALUE arguments, VALUE& failure) {
  std::string encoded;
  if (!encode_argument(arguments, encoded, failure)) return Qnil;
  return call_host(
      [&](const marionette_ruby_host& host, std::string& reply) {
        return host.call_block(host.context, encoded.data(), encoded.size(), append_to_string,
                               &reply);
      },
      false, failure);
}

VALUE host_call_block(VALUE, VALUE arguments) {
  Check_Type(arguments, T_ARRAY);
  VALUE failure = Qnil;
  VALUE result = host_call_block_impl(arguments, failure);
  if (!NIL_P(failure)) rb_exc_raise(failure);
  return result;
}

VALUE host_lookup_variable_impl(VALUE name, VALUE& failure) {
  std::string text(RSTRING_PTR(name), static_cast<std::size_t>(RSTRING_LEN(name)));
  return call_host(
      [&](const marionette_ruby_host& host, std::string& reply) {
        return host.lookup_variable(host.context, text.data(), text.size(), append_to_string,
                                    &reply);
      },
      true, failure);
}

VALUE host_lookup_variable(VALUE, VALUE name) {
  StringValue(name);
  VALUE failure = Qnil;
  VALUE result = host_lookup_variable_impl(name, failure);
  if (!NIL_P(failure)) rb_exc_raise(failure);
  return result;
}

/// nil when the value is of the type, else Puppet's words for why not.
VALUE host_check_type_impl(VALUE type, VALUE value, VALUE& failure) {
  std::string encoded;
  if (!encode_argument(value, encoded, failure)) return Qnil;
  std::string text(RSTRING_PTR(type), static_cast<std::size_t>(RSTRING_LEN(type)));
  if (frames.empty()) {
    failure = rb_exc_new_cstr(rb_eRuntimeError, "no Puppet compilation is running");
    return Qnil;
  }
  Frame* frame = frames.back();
  int status = MARIONETTE_RUBY_ERROR;
  std::string reply;
  ruby_thread->run_on_caller([&] {
    status = frame->host->check_type(frame->host->context, text.data(), text.size(), encoded.data(),
                                     encoded.size(), append_to_string, &reply);
  });
  if (status == MARIONETTE_RUBY_OK) return Qnil;
  if (status == MARIONETTE_RUBY_ERROR) return utf8(reply);
  frame->host_failed = true;
  failure = rb_exc_new_str(host_error_class, utf8(reply));
  return Qnil;
}

VALUE host_check_type(VALUE, VALUE type, VALUE value) {
  StringValue(type);
  VALUE failure = Qnil;
  VALUE result = host_check_type_impl(type, value, failure);
  if (!NIL_P(failure)) rb_exc_raise(failure);
  return result;
}

// --- Start-up -----------------------------------------------------------------------------------

/// Loads the compatibility layer; run under rb_protect.
VALUE load_layer(VALUE path) {
  VALUE marionette = rb_define_module("Marionette");
  VALUE host = rb_define_module_under(marionette, "Host");
  rb_define_module_function(host, "call_function", RUBY_METHOD_FUNC(host_call_function), 2);
  rb_define_module_function(host, "call_block", RUBY_METHOD_FUNC(host_call_block), 1);
  rb_define_module_function(host, "lookup_variable", RUBY_METHOD_FUNC(host_lookup_variable), 1);
  rb_define_module_function(host, "check_type", RUBY_METHOD_FUNC(host_check_type), 2);
  rb_ary_unshift(rb_gv_get("$LOAD_PATH"), path);
  rb_require("marionette/puppet_compat");
  host_error_class = rb_path2class("Marionette::HostError");
  rb_gc_register_address(&host_error_class);
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

/// Ruby's thread, started by the first call of any kind.
RubyThread& started_ruby() {
  static std::once_flag started;
  std::call_once(started, [] { ruby_thread = new RubyThread(start_ruby); });
  return *ruby_thread;
}

// --- One call -----------------------------------------------------------------------------------

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
  VALUE load_path = rb_ary_new();
  for (std::size_t at = 0; at < call.load_path_size;) {
    std::size_t length = std::strlen(call.load_path + at);
    rb_ary_push(load_path, utf8(std::string(call.load_path + at, length)));
    at += length + 1;
  }
  VALUE marionette = rb_path2class("Marionette");
  invocation->result =
      rb_funcall(marionette, rb_intern("invoke"), 6, INT2FIX(call.api), rb_str_new_cstr(call.file),
                 rb_str_new_cstr(call.name), arguments, call.has_block ? Qtrue : Qfalse, load_path);
  return Qnil;
}

int run_call(const marionette_ruby_call& call, const marionette_ruby_host& host,
             std::string& reply) {
  if (!ruby_ready) {
    reply = start_error;
    return MARIONETTE_RUBY_ERROR;
  }
  if (ruby_thread->depth() > kMaxNesting) {
    reply = "stack level too deep (calls between Ruby and Puppet functions nested more than " +
            std::to_string(kMaxNesting) + " deep)";
    return MARIONETTE_RUBY_ERROR;
  }
  Frame frame{&call, &host};
  frames.push_back(&frame);
  Invocation invocation{&call, Qnil, {}};
  int state = 0;
  rb_protect(invoke, reinterpret_cast<VALUE>(&invocation), &state);
  frames.pop_back();
  if (state != 0) {
    VALUE exception = rb_errinfo();
    rb_set_errinfo(Qnil);
    reply = exception_text(exception);
    bool passed_through =
        frame.host_failed && RTEST(rb_obj_is_kind_of(exception, host_error_class));
    return passed_through ? MARIONETTE_RUBY_HOST_ERROR : MARIONETTE_RUBY_ERROR;
  }
  if (!invocation.error.empty()) {
    reply = invocation.error;
    return MARIONETTE_RUBY_ERROR;
  }
  std::string error;
  if (!from_ruby(invocation.result, reply, error)) {
    reply = "the function '" + std::string(call.name) +
            "' returned a value Puppet cannot hold: " + error;
    return MARIONETTE_RUBY_ERROR;
  }
  return MARIONETTE_RUBY_OK;
}

int call_function(const marionette_ruby_call* call, const marionette_ruby_host* host,
                  marionette_ruby_sink sink, void* sink_context) {
  std::string reply;
  int status = MARIONETTE_RUBY_ERROR;
  try {
    started_ruby().run([&] { status = run_call(*call, *host, reply); });
  } catch (const std::exception& e) {
    reply = e.what();
    status = MARIONETTE_RUBY_ERROR;
  }
  sink(sink_context, reply.data(), reply.size());
  return status;
}

// --- Custom facts ---------------------------------------------------------------------------

/// NUL-separated texts as a Ruby Array of Strings.
VALUE string_list(const char* data, std::size_t size) {
  VALUE list = rb_ary_new();
  for (std::size_t at = 0; at < size;) {
    std::size_t length = std::strlen(data + at);
    rb_ary_push(list, utf8(std::string(data + at, length)));
    at += length + 1;
  }
  return list;
}

struct FactsInvocation {
  const marionette_ruby_facts_request* request;
  VALUE result = Qnil;
  std::string error;
};

/// Loads the Facter layer (the first time) and resolves; run under rb_protect.
VALUE invoke_facts(VALUE self) {
  auto* invocation = reinterpret_cast<FactsInvocation*>(self);
  const marionette_ruby_facts_request& request = *invocation->request;
  VALUE core = Qnil, external = Qnil;
  if (!to_ruby({request.core, request.core_size}, core, invocation->error) ||
      !to_ruby({request.external, request.external_size}, external, invocation->error))
    return Qnil;
  rb_require("marionette/facter_compat");
  VALUE facts = rb_path2class("Marionette::CustomFacts");
  invocation->result = rb_funcall(facts, rb_intern("resolve"), 4,
                                  string_list(request.files, request.files_size),
                                  string_list(request.load_path, request.load_path_size), core,
                                  external);
  return Qnil;
}

int run_facts(const marionette_ruby_facts_request& request, std::string& reply) {
  if (!ruby_ready) {
    reply = start_error;
    return MARIONETTE_RUBY_ERROR;
  }
  FactsInvocation invocation{&request, Qnil, {}};
  int state = 0;
  struct sigaction marionette_sigchld {};
  sigaction(SIGCHLD, &ruby_sigchld, &marionette_sigchld);
  rb_protect(invoke_facts, reinterpret_cast<VALUE>(&invocation), &state);
  sigaction(SIGCHLD, &marionette_sigchld, nullptr);
  if (state != 0) {
    VALUE exception = rb_errinfo();
    rb_set_errinfo(Qnil);
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
  std::string reply;
  int status = MARIONETTE_RUBY_ERROR;
  try {
    started_ruby().run([&] { status = run_facts(*request, reply); });
  } catch (const std::exception& e) {
    reply = e.what();
    status = MARIONETTE_RUBY_ERROR;
  }
  sink(sink_context, reply.data(), reply.size());
  return status;
}

const marionette_ruby_module kModule{MARIONETTE_RUBY_ABI_VERSION, &call_function, &resolve_facts};

}  // namespace
}  // namespace marionette::ruby

extern "C" __attribute__((visibility("default"))) const marionette_ruby_module*
marionette_ruby_module_v1() {
  return &marionette::ruby::kModule;
}
