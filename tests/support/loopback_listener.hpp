#pragma once

namespace marionette::testing {

/// A TCP socket listening on 127.0.0.1 at a free port, for the fakes of tests (a hostile Redis,
/// a relay, a silent server). Throws std::runtime_error when it cannot listen.
struct LoopbackListener {
  int fd = -1;
  int port = 0;
};

/// `flags` are socket()'s type flags beside SOCK_STREAM (SOCK_CLOEXEC, SOCK_NONBLOCK).
LoopbackListener listen_on_loopback(int flags = 0, int backlog = 16);

}  // namespace marionette::testing
