// Marionette::Host: the calls Ruby code makes back into marionette (module_abi.h's
// marionette_ruby_host), each run on the host's thread while Ruby's waits.

#include "host_calls.hpp"

#include <functional>
#include <string>

#include "ruby_values.hpp"

namespace marionette::ruby {

std::vector<Frame*> frames;
RubyThread* ruby_thread = nullptr;

namespace {

VALUE host_error_class = Qnil;

void append_to_string(void* sink_context, const char* data, std::size_t size) {
  static_cast<std::string*>(sink_context)->assign(data, size);
}

/// Runs one of the host's calls on the host's thread. Returns the value, or sets `failure` to
/// the exception Ruby raises. No C++ object lives in the caller when it raises.
VALUE call_host(const std::function<int(const marionette_ruby_host&, std::string&)>& call,
                bool not_found_is_nil, VALUE& failure) {
  if (frames.empty()) {  // Ruby code that kept a value and uses it after its call returned
    failure = rb_exc_new_cstr(rb_eRuntimeError, "no Puppet function call is running");
    return Qnil;
  }
  Frame* frame = frames.back();
  int status = MARIONETTE_RUBY_ERROR;
  std::string reply;
  ruby_thread->run_on_caller([&] { status = call(*frame->host, reply); });
  if (status == MARIONETTE_RUBY_NOT_FOUND && not_found_is_nil) return Qnil;
  if (status != MARIONETTE_RUBY_OK) {
    if (status == MARIONETTE_RUBY_HOST_ERROR) frame->host_failed = true;
    failure = rb_exc_new_str(host_error_class, utf8_string(reply));
    return Qnil;
  }
  VALUE value = Qnil;
  std::string error;
  if (!to_ruby(reply, value, error)) failure = rb_exc_new_str(rb_eRuntimeError, utf8_string(error));
  return value;
}

/// The wire bytes of a Ruby value, or `failure` set.
bool encode_argument(VALUE value, std::string& out, VALUE& failure) {
  std::string error;
  if (from_ruby(value, out, error)) return true;
  failure = rb_exc_new_str(rb_eArgError, utf8_string(error));
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

/// The Puppet block of the call at `frame_index` (a Ruby function may hand it on: it is called
/// through that call's host, whichever call runs now).
VALUE host_call_block_impl(VALUE arguments, long frame_index, VALUE& failure) {
  std::string encoded;
  if (!encode_argument(arguments, encoded, failure)) return Qnil;
  if (frame_index < 0 || static_cast<std::size_t>(frame_index) >= frames.size()) {
    failure = rb_exc_new_cstr(rb_eRuntimeError, "the Puppet block's call has returned");
    return Qnil;
  }
  const marionette_ruby_host* host = frames[static_cast<std::size_t>(frame_index)]->host;
  return call_host(
      [&](const marionette_ruby_host&, std::string& reply) {
        return host->call_block(host->context, encoded.data(), encoded.size(), append_to_string,
                                &reply);
      },
      false, failure);
}

VALUE host_call_block(VALUE, VALUE arguments, VALUE frame_index) {
  Check_Type(arguments, T_ARRAY);
  VALUE failure = Qnil;
  VALUE result = host_call_block_impl(arguments, NUM2LONG(frame_index), failure);
  if (!NIL_P(failure)) rb_exc_raise(failure);
  return result;
}

VALUE host_call_with_block_impl(VALUE name, VALUE arguments, int block_id, int parameters,
                                VALUE& failure) {
  std::string encoded;
  if (!encode_argument(arguments, encoded, failure)) return Qnil;
  std::string text(RSTRING_PTR(name), static_cast<std::size_t>(RSTRING_LEN(name)));
  return call_host(
      [&](const marionette_ruby_host& host, std::string& reply) {
        return host.call_function_with_block(host.context, text.data(), text.size(),
                                             encoded.data(), encoded.size(), block_id,
                                             parameters, append_to_string, &reply);
      },
      false, failure);
}

VALUE host_call_function_with_block(VALUE, VALUE name, VALUE arguments, VALUE block_id,
                                    VALUE parameters) {
  StringValue(name);
  Check_Type(arguments, T_ARRAY);
  VALUE failure = Qnil;
  VALUE result =
      host_call_with_block_impl(name, arguments, NUM2INT(block_id), NUM2INT(parameters), failure);
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
    failure = rb_exc_new_cstr(rb_eRuntimeError, "no Puppet function call is running");
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
  if (status == MARIONETTE_RUBY_ERROR) return utf8_string(reply);
  frame->host_failed = true;
  failure = rb_exc_new_str(host_error_class, utf8_string(reply));
  return Qnil;
}

VALUE host_check_type(VALUE, VALUE type, VALUE value) {
  StringValue(type);
  VALUE failure = Qnil;
  VALUE result = host_check_type_impl(type, value, failure);
  if (!NIL_P(failure)) rb_exc_raise(failure);
  return result;
}

VALUE host_set_variable_impl(VALUE name, VALUE value, VALUE& failure) {
  std::string encoded;
  if (!encode_argument(value, encoded, failure)) return Qnil;
  std::string text(RSTRING_PTR(name), static_cast<std::size_t>(RSTRING_LEN(name)));
  return call_host(
      [&](const marionette_ruby_host& host, std::string& reply) {
        return host.set_variable(host.context, text.data(), text.size(), encoded.data(),
                                 encoded.size(), append_to_string, &reply);
      },
      false, failure);
}

/// scope.setvar from a template.
VALUE host_set_variable(VALUE, VALUE name, VALUE value) {
  StringValue(name);
  VALUE failure = Qnil;
  host_set_variable_impl(name, value, failure);
  if (!NIL_P(failure)) rb_exc_raise(failure);
  return value;
}

/// Puppet.warning and its kin while a call runs: through marionette's run log.
VALUE host_log(VALUE, VALUE level, VALUE message) {
  StringValue(message);
  std::string name = rb_id2name(SYM2ID(rb_to_symbol(level)));
  std::string text(RSTRING_PTR(message), static_cast<std::size_t>(RSTRING_LEN(message)));
  if (frames.empty()) return Qfalse;  // no compile to log to: the layer prints it itself
  const marionette_ruby_host* host = frames.back()->host;
  ruby_thread->run_on_caller([&] { host->log(host->context, name.c_str(), text.data(), text.size()); });
  return Qtrue;
}

}  // namespace

void host_replace_variable(std::string_view name, const std::string& value) {
  VALUE failure = Qnil;
  call_host(
      [&](const marionette_ruby_host& host, std::string& reply) {
        return host.replace_variable(host.context, name.data(), name.size(), value.data(),
                                     value.size(), append_to_string, &reply);
      },
      false, failure);
  if (!NIL_P(failure)) rb_exc_raise(failure);
}

void define_host_module(VALUE marionette) {
  VALUE host = rb_define_module_under(marionette, "Host");
  rb_define_module_function(host, "call_function", RUBY_METHOD_FUNC(host_call_function), 2);
  rb_define_module_function(host, "call_block", RUBY_METHOD_FUNC(host_call_block), 2);
  rb_define_module_function(host, "call_function_with_block",
                            RUBY_METHOD_FUNC(host_call_function_with_block), 4);
  rb_define_module_function(host, "lookup_variable", RUBY_METHOD_FUNC(host_lookup_variable), 1);
  rb_define_module_function(host, "check_type", RUBY_METHOD_FUNC(host_check_type), 2);
  rb_define_module_function(host, "set_variable", RUBY_METHOD_FUNC(host_set_variable), 2);
  rb_define_module_function(host, "log", RUBY_METHOD_FUNC(host_log), 2);
}

void bind_host_error_class() {
  host_error_class = rb_path2class("Marionette::HostError");
  rb_gc_register_address(&host_error_class);
}

bool is_host_error(VALUE exception) {
  return RTEST(rb_obj_is_kind_of(exception, host_error_class));
}

}  // namespace marionette::ruby
