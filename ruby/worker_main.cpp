// marionette-ruby-worker: runs marionette-ruby.so in a process of its own, for one compile at a
// time (core/compiler/ruby_workers.hpp starts and stops it).
//
//   marionette-ruby-worker MODULE MEMORY_LIMIT_BYTES
//
// Ruby keeps its own memory settings: its 32 MiB transient heap on small pages, as Ruby 3.1
// asks (prctl(PR_SET_THP_DISABLE)). Huge pages for it were measured slower to start on this
// project's machines (docs/performance.md, "The first Ruby call: small pages").
//
// marionette starts it in a process group of its own with the socket as descriptor 3
// (worker_protocol.hpp), /dev/null as standard input and pipes that marionette reads as standard
// output and error; it has no other descriptor. It loads the module, starts Ruby (so that it is
// warm before a compile needs it), says hello, then serves the module's calls one after another,
// forwarding the calls Ruby makes back into marionette. It is a child subreaper: whatever Ruby
// code forks stays its descendant, even a child that starts a session of its own (setsid) or
// whose parent exits. When marionette's end of the socket closes (marionette exited, or retired
// this worker) it kills all its descendants and then its process group, so that nothing Ruby
// code forked outlives it.

#include <dirent.h>
#include <dlfcn.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "module_abi.h"
#include "worker_protocol.hpp"

namespace marionette::ruby_worker {
namespace {

const marionette_ruby_module* module = nullptr;

void keep(void* sink_context, const char* data, std::size_t size) {
  static_cast<std::string*>(sink_context)->assign(data, size);
}

void send(const Frame& frame) {
  if (!write_all(kWorkerSocket, frame.bytes())) ::_exit(0);  // marionette has gone
}

void serve(const Received& request);

/// Waits for the answer to a host_call, serving the requests that nest inside it meanwhile.
int await_answer(marionette_ruby_sink sink, void* sink_context) {
  for (;;) {
    Received frame;
    if (!read_frame(kWorkerSocket, frame)) ::_exit(0);
    if (frame.kind != Kind::answer) {
      serve(frame);
      continue;
    }
    Fields fields(frame.fields);
    int status = fields.number();
    std::string_view bytes = fields.text();
    sink(sink_context, bytes.data(), bytes.size());
    return status;
  }
}

// --- The host, forwarded: each call becomes a host_call frame naming the request it belongs to.

/// The context of a forwarded host: which request (by nesting depth) it belongs to.
struct HostIndex {
  int index;
};

int index_of(void* context) {
  return static_cast<HostIndex*>(context)->index;
}

Frame host_call(void* context, HostCall which) {
  Frame frame(Kind::host_call);
  frame.integer(index_of(context)).integer(static_cast<int>(which));
  return frame;
}

int forward_call_function(void* context, const char* name, std::size_t name_size,
                          const char* arguments, std::size_t arguments_size,
                          marionette_ruby_sink sink, void* sink_context) {
  send(host_call(context, HostCall::call_function)
           .text({name, name_size})
           .text({arguments, arguments_size}));
  return await_answer(sink, sink_context);
}

int forward_call_block(void* context, const char* arguments, std::size_t arguments_size,
                       marionette_ruby_sink sink, void* sink_context) {
  send(host_call(context, HostCall::call_block).text({arguments, arguments_size}));
  return await_answer(sink, sink_context);
}

int forward_lookup_variable(void* context, const char* name, std::size_t name_size,
                            marionette_ruby_sink sink, void* sink_context) {
  send(host_call(context, HostCall::lookup_variable).text({name, name_size}));
  return await_answer(sink, sink_context);
}

int forward_check_type(void* context, const char* type, std::size_t type_size, const char* value,
                       std::size_t value_size, marionette_ruby_sink sink, void* sink_context) {
  send(host_call(context, HostCall::check_type).text({type, type_size}).text({value, value_size}));
  return await_answer(sink, sink_context);
}

int forward_call_function_with_block(void* context, const char* name, std::size_t name_size,
                                     const char* arguments, std::size_t arguments_size,
                                     int block_id, int block_parameters, marionette_ruby_sink sink,
                                     void* sink_context) {
  send(host_call(context, HostCall::call_function_with_block)
           .text({name, name_size})
           .text({arguments, arguments_size})
           .integer(block_id)
           .integer(block_parameters));
  return await_answer(sink, sink_context);
}

int forward_set_variable(void* context, const char* name, std::size_t name_size, const char* value,
                         std::size_t value_size, marionette_ruby_sink sink, void* sink_context) {
  send(
      host_call(context, HostCall::set_variable).text({name, name_size}).text({value, value_size}));
  return await_answer(sink, sink_context);
}

int forward_replace_variable(void* context, const char* name, std::size_t name_size,
                             const char* value, std::size_t value_size, marionette_ruby_sink sink,
                             void* sink_context) {
  send(host_call(context, HostCall::replace_variable)
           .text({name, name_size})
           .text({value, value_size}));
  return await_answer(sink, sink_context);
}

void forward_log(void* context, const char* level, const char* message, std::size_t message_size) {
  Frame frame(Kind::log);
  frame.integer(index_of(context)).text(level).text({message, message_size});
  send(frame);
}

/// The requests being served, outermost first; a host_call names its request by index.
int depth = 0;

/// Whether this process has a child still running (Ruby code forked and did not wait); the
/// ones that ended are reaped.
bool children_alive() {
  for (;;) {
    int status = 0;
    pid_t pid = ::waitpid(-1, &status, WNOHANG);
    if (pid > 0) continue;
    return pid == 0;
  }
}

/// The children of process `pid`, as /proc lists them for each of its threads.
std::vector<pid_t> children_of(pid_t pid) {
  std::vector<pid_t> children;
  std::string tasks = "/proc/" + std::to_string(pid) + "/task";
  DIR* dir = ::opendir(tasks.c_str());
  if (dir == nullptr) return children;
  while (dirent* entry = ::readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    std::ifstream listed(tasks + "/" + entry->d_name + "/children");
    for (pid_t child; listed >> child;) children.push_back(child);
  }
  ::closedir(dir);
  return children;
}

/// Kills every descendant of this process: each found is stopped first (so that it forks no
/// more), its own children looked for, then all are killed and reaped. Orphans come back to this
/// process (a subreaper), so the rounds go on until none is left; a bounded number of rounds.
void kill_descendants() {
  for (int round = 0; round < 100; ++round) {
    std::vector<pid_t> found = children_of(::getpid());
    if (found.empty()) return;
    for (std::size_t i = 0; i < found.size() && found.size() < 100000; ++i) {
      ::kill(found[i], SIGSTOP);
      for (pid_t child : children_of(found[i])) found.push_back(child);
    }
    for (pid_t pid : found) ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(-1, &status, WNOHANG) > 0) {
    }
  }
}

void serve(const Received& request) {
  HostIndex index{depth++};
  marionette_ruby_host host{&index,
                            forward_call_function,
                            forward_call_block,
                            forward_lookup_variable,
                            forward_check_type,
                            forward_call_function_with_block,
                            forward_set_variable,
                            forward_replace_variable,
                            forward_log};
  Fields fields(request.fields);
  std::string reply;
  int status = MARIONETTE_RUBY_ERROR;
  switch (request.kind) {
    case Kind::call_function: {
      int api = fields.number();
      std::string file = fields.string(), name = fields.string();
      std::string_view arguments = fields.text();
      int has_block = fields.number();
      std::string_view load_path = fields.text();
      marionette_ruby_call call{
          api,       file.c_str(),     name.c_str(),    arguments.data(), arguments.size(),
          has_block, load_path.data(), load_path.size()};
      status = module->call_function(&call, &host, keep, &reply);
      break;
    }
    case Kind::call_block: {
      int block_id = fields.number();
      std::string_view arguments = fields.text();
      status =
          module->call_block(block_id, arguments.data(), arguments.size(), &host, keep, &reply);
      break;
    }
    case Kind::render_template: {
      std::string reference = fields.string(), file = fields.string();
      std::string_view text = fields.text(), variables = fields.text();
      std::string scope_name = fields.string();
      std::string_view load_path = fields.text();
      marionette_ruby_template request_{reference.c_str(),  file.c_str(),     text.data(),
                                        text.size(),        variables.data(), variables.size(),
                                        scope_name.c_str(), load_path.data(), load_path.size()};
      status = module->render_template(&request_, &host, keep, &reply);
      break;
    }
    case Kind::resolve_facts: {
      std::string_view files = fields.text(), load_path = fields.text(), core = fields.text(),
                       external = fields.text(), options = fields.text();
      marionette_ruby_facts_request request_{
          files.data(), files.size(),    load_path.data(), load_path.size(), core.data(),
          core.size(),  external.data(), external.size(),  options.data(),   options.size()};
      status = module->resolve_facts(&request_, keep, &reply);
      break;
    }
    default:
      ::_exit(2);  // marionette sent what no marionette sends
  }
  --depth;
  bool forked = depth == 0 && children_alive();
  if (forked) kill_descendants();  // marionette retires this worker; nothing forked stays
  send(Frame(Kind::reply).integer(status).text(reply).integer(forked ? 1 : 0));
}

/// Kills this worker's process group as soon as marionette's end of the socket closes, even
/// while Ruby code runs (which the main thread waits for).
void watch_marionette() {
  std::thread([] {
    pollfd watched{kWorkerSocket, POLLRDHUP, 0};
    while (::poll(&watched, 1, -1) < 0 && errno == EINTR) {
    }
    kill_descendants();
    ::kill(0, SIGKILL);
  }).detach();
}

int run(int argc, char** argv) {
  if (argc != 3) return 2;
  rlim_t limit = std::strtoull(argv[2], nullptr, 10);
  if (limit > 0) {
    rlimit memory{limit, limit};
    ::setrlimit(RLIMIT_AS, &memory);
  }
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  watch_marionette();
  std::string why;
  void* handle = ::dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    why = ::dlerror();
  } else if (auto entry =
                 reinterpret_cast<marionette_ruby_entry>(::dlsym(handle, MARIONETTE_RUBY_ENTRY));
             entry == nullptr) {
    why = std::string(argv[1]) + " has no " + MARIONETTE_RUBY_ENTRY;
  } else if (module = entry();
             module == nullptr || module->abi_version != MARIONETTE_RUBY_ABI_VERSION) {
    why = std::string(argv[1]) + " is of another version of marionette";
  } else if (module->start(keep, &why) != MARIONETTE_RUBY_OK) {
    why = why.empty() ? "Ruby failed to start" : why;
  }
  send(Frame(Kind::hello)
           .integer(why.empty() ? MARIONETTE_RUBY_OK : MARIONETTE_RUBY_ERROR)
           .text(why));
  if (!why.empty()) return 1;
  for (;;) {
    Received request;
    if (!read_frame(kWorkerSocket, request)) ::_exit(0);  // not through exit(): Ruby's thread runs
    serve(request);
  }
}

}  // namespace
}  // namespace marionette::ruby_worker

int main(int argc, char** argv) {
  return marionette::ruby_worker::run(argc, argv);
}
