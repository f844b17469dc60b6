// marionette-ruby.so's interface (ruby/module_abi.h) served by a Ruby worker: each call becomes a
// frame to the worker lent to this thread's call tree (ruby/worker_protocol.hpp), and the calls
// Ruby makes back into marionette come back as frames, answered here by the host the call was
// given, on this thread, while the worker waits. A call that runs past ruby_timeout, or a
// worker that dies, fails the call naming what ran; the worker is killed and replaced.

#include <optional>
#include <vector>

#include "compiler/ruby_worker_pool.hpp"
#include "compiler/ruby_workers.hpp"

namespace marionette::compiler {

namespace {

using ruby_worker::Fields;
using ruby_worker::Frame;
using ruby_worker::HostCall;
using ruby_worker::Kind;

/// The worker lent to this thread while a call tree runs in it, and the calls open in it:
/// their hosts (a host_call names its call's by index) and what each is, for errors.
struct Lease {
  std::unique_ptr<RubyWorkerProcess> worker;
  std::vector<const marionette_ruby_host*> hosts;
  std::vector<std::string> what;
  std::chrono::milliseconds budget{};  ///< what is left of ruby_timeout for this call tree
  bool forked = false;                 ///< the worker has a child still running
};

thread_local Lease lease;

void keep(void* sink_context, const char* data, std::size_t size) {
  static_cast<std::string*>(sink_context)->assign(data, size);
}

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
}

std::string seconds_text(std::chrono::milliseconds time) {
  auto seconds = std::chrono::duration_cast<std::chrono::seconds>(time).count();
  return seconds > 0 ? std::to_string(seconds) + " s" : std::to_string(time.count()) + " ms";
}

/// Ruby code called exit N (SystemExit, or `exit!` ending the worker): the end of this process
/// with N where Puppet's would end (apply, compile), else a failed call.
int ruby_exited(int status, const std::string& what, std::string& reply) {
  if (ruby_worker_settings().exit_ends_process) throw RubyExit{status};
  reply = capitalized(what) + " called exit (status " + std::to_string(status) +
          ") in Ruby, which cannot end marionette here; its Ruby worker was replaced";
  lease.forked = true;  // not reusable: retired with its process group
  return MARIONETTE_RUBY_ERROR;
}

/// The worker ended while `what` ran.
int worker_ended(const std::string& what, std::string& reply) {
  RubyWorkerProcess& worker = *lease.worker;
  if (RubyWorkerPool::instance().stopped()) {
    reply = capitalized(what) + " was stopped: marionette is stopping";
    return MARIONETTE_RUBY_ERROR;
  }
  if (worker.exit_status() >= 0) return ruby_exited(worker.exit_status(), what, reply);
  reply = "The Ruby worker running " + what + " ended (" + worker.how_it_ended() + ")";
  return MARIONETTE_RUBY_ERROR;
}

/// Answers one call back with the host of the call it belongs to.
int answer_host_call(Fields& fields, std::string& reply) {
  auto index = static_cast<std::size_t>(fields.integer());
  auto which = static_cast<HostCall>(fields.integer());
  if (index >= lease.hosts.size() || lease.hosts[index] == nullptr) {
    reply = "no Puppet function call is running";
    return MARIONETTE_RUBY_ERROR;
  }
  const marionette_ruby_host& host = *lease.hosts[index];
  switch (which) {
    case HostCall::call_function: {
      std::string_view name = fields.text(), arguments = fields.text();
      return host.call_function(host.context, name.data(), name.size(), arguments.data(),
                                arguments.size(), keep, &reply);
    }
    case HostCall::call_block: {
      std::string_view arguments = fields.text();
      return host.call_block(host.context, arguments.data(), arguments.size(), keep, &reply);
    }
    case HostCall::lookup_variable: {
      std::string_view name = fields.text();
      return host.lookup_variable(host.context, name.data(), name.size(), keep, &reply);
    }
    case HostCall::check_type: {
      std::string_view type = fields.text(), value = fields.text();
      return host.check_type(host.context, type.data(), type.size(), value.data(), value.size(),
                             keep, &reply);
    }
    case HostCall::call_function_with_block: {
      std::string_view name = fields.text(), arguments = fields.text();
      int block_id = fields.number(), parameters = fields.number();
      return host.call_function_with_block(host.context, name.data(), name.size(),
                                           arguments.data(), arguments.size(), block_id,
                                           parameters, keep, &reply);
    }
    case HostCall::set_variable: {
      std::string_view name = fields.text(), value = fields.text();
      return host.set_variable(host.context, name.data(), name.size(), value.data(), value.size(),
                               keep, &reply);
    }
    case HostCall::replace_variable: {
      std::string_view name = fields.text(), value = fields.text();
      return host.replace_variable(host.context, name.data(), name.size(), value.data(),
                                   value.size(), keep, &reply);
    }
  }
  reply = "a Ruby worker asked for an unknown call";
  return MARIONETTE_RUBY_ERROR;
}

/// Sends `request` and serves the worker until its reply.
int exchange(const std::string& request, std::string& reply) {
  const std::string what = lease.what.back();
  if (!lease.worker->send(request)) return worker_ended(what, reply);
  for (;;) {
    ruby_worker::Received frame;
    switch (lease.worker->receive(frame, lease.budget)) {
      case RubyWorkerProcess::Received::out_of_time:
        lease.worker->kill();
        reply = capitalized(what) + " ran longer than ruby_timeout (" +
                seconds_text(ruby_worker_settings().call_timeout) +
                ") and was stopped; its Ruby worker was replaced";
        return MARIONETTE_RUBY_ERROR;
      case RubyWorkerProcess::Received::ended:
        return worker_ended(what, reply);
      case RubyWorkerProcess::Received::frame:
        break;
    }
    Fields fields(frame.fields);
    if (frame.kind == Kind::reply) {
      int status = fields.number();
      reply = fields.string();
      if (fields.number() != 0) lease.forked = true;
      if (status == MARIONETTE_RUBY_EXIT) return ruby_exited(std::atoi(reply.c_str()), what, reply);
      return status;
    }
    if (frame.kind == Kind::log) {
      auto index = static_cast<std::size_t>(fields.integer());
      std::string level = fields.string();
      std::string_view message = fields.text();
      if (index < lease.hosts.size() && lease.hosts[index] && lease.hosts[index]->log)
        lease.hosts[index]->log(lease.hosts[index]->context, level.c_str(), message.data(),
                                message.size());
      continue;
    }
    if (frame.kind != Kind::host_call) {
      lease.worker->kill();
      reply = "The Ruby worker running " + what + " sent what marionette does not understand";
      return MARIONETTE_RUBY_ERROR;
    }
    std::string answer;
    int status = answer_host_call(fields, answer);
    if (lease.worker->ended()) {  // a call nested in that one stopped the worker
      reply = answer;
      return status == MARIONETTE_RUBY_HOST_ERROR ? status : worker_ended(what, reply);
    }
    if (!lease.worker->send(Frame(Kind::answer).integer(status).text(answer).bytes()))
      return worker_ended(what, reply);
  }
}

/// One call: on the worker this thread's call tree holds, or one lent for it.
int call_in_worker(const std::string& request, const marionette_ruby_host* host, std::string what,
         marionette_ruby_sink sink, void* sink_context) {
  std::string reply;
  int status = MARIONETTE_RUBY_ERROR;
  const bool outermost = lease.hosts.empty();
  if (outermost) {
    std::string why_not;
    lease.worker = RubyWorkerPool::instance().acquire(why_not);
    if (!lease.worker) {
      sink(sink_context, why_not.data(), why_not.size());
      return MARIONETTE_RUBY_ERROR;
    }
    lease.budget = ruby_worker_settings().call_timeout;
    lease.forked = false;
  }
  lease.hosts.push_back(host);
  lease.what.push_back(std::move(what));
  auto close = [&](bool reusable) {
    lease.hosts.pop_back();
    lease.what.pop_back();
    if (outermost)
      RubyWorkerPool::instance().release(std::move(lease.worker), reusable && !lease.forked);
  };
  try {
    status = exchange(request, reply);
  } catch (...) {  // RubyExit, or a host's exception: the worker is mid-call, it cannot go on
    if (lease.worker) lease.worker->kill();
    close(false);
    throw;
  }
  close(true);
  sink(sink_context, reply.data(), reply.size());
  return status;
}

std::string function_what(const char* name) { return "the function '" + std::string(name) + "'"; }

int call_function(const marionette_ruby_call* request, const marionette_ruby_host* host,
                  marionette_ruby_sink sink, void* sink_context) {
  Frame frame(Kind::call_function);
  frame.integer(request->api)
      .text(request->file)
      .text(request->name)
      .text({request->arguments, request->arguments_size})
      .integer(request->has_block)
      .text({request->load_path, request->load_path_size});
  return call_in_worker(frame.bytes(), host, function_what(request->name), sink, sink_context);
}

int call_block(int block_id, const char* arguments, std::size_t arguments_size,
               const marionette_ruby_host* host, marionette_ruby_sink sink, void* sink_context) {
  if (lease.hosts.empty()) {  // a block lives in the worker of the call that made it
    static const std::string gone = "the Ruby block's function has returned";
    sink(sink_context, gone.data(), gone.size());
    return MARIONETTE_RUBY_ERROR;
  }
  Frame frame(Kind::call_block);
  frame.integer(block_id).text({arguments, arguments_size});
  return call_in_worker(frame.bytes(), host, "a Ruby block", sink, sink_context);
}

int render_template(const marionette_ruby_template* request, const marionette_ruby_host* host,
                    marionette_ruby_sink sink, void* sink_context) {
  Frame frame(Kind::render_template);
  frame.text(request->reference)
      .text(request->file)
      .text({request->text, request->text_size})
      .text({request->variables, request->variables_size})
      .text(request->scope_name)
      .text({request->load_path, request->load_path_size});
  std::string what = *request->reference
                         ? "the template '" + std::string(request->reference) + "'"
                         : std::string("an inline_template");
  return call_in_worker(frame.bytes(), host, what, sink, sink_context);
}

int resolve_facts(const marionette_ruby_facts_request* request, marionette_ruby_sink sink,
                  void* sink_context) {
  Frame frame(Kind::resolve_facts);
  frame.text({request->files, request->files_size})
      .text({request->load_path, request->load_path_size})
      .text({request->core, request->core_size})
      .text({request->external, request->external_size})
      .text({request->options, request->options_size});
  return call_in_worker(frame.bytes(), nullptr, "the custom facts", sink, sink_context);
}

int start(marionette_ruby_sink, void*) { return MARIONETTE_RUBY_OK; }

const marionette_ruby_module kIsolatedModule{MARIONETTE_RUBY_ABI_VERSION, &call_function,
                                             &call_block, &render_template, &resolve_facts,
                                             &start};

}  // namespace

const marionette_ruby_module* isolated_ruby_module(std::string& why_not) {
  // One worker started and handed back: Ruby can run (else why not, as the module's loading
  // says it), and the first call finds it warm.
  std::unique_ptr<RubyWorkerProcess> first = RubyWorkerPool::instance().acquire(why_not);
  if (!first) return nullptr;
  RubyWorkerPool::instance().release(std::move(first), true);
  return &kIsolatedModule;
}

}  // namespace marionette::compiler
