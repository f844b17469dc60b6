#pragma once

// Internal to core/https_client: a TCP connection opened within a time limit.

#include <chrono>
#include <string>

namespace marionette::https_client {

/// A connected socket to host:port (every address the name resolves to, in turn), blocking,
/// with `io_timeout` on each read and write. Throws HttpsError (connect or timeout) with
/// Puppet's wording: "Failed to open TCP connection to HOST:PORT (…)".
int tcp_connect(const std::string& host, int port, std::chrono::milliseconds connect_timeout,
                std::chrono::milliseconds io_timeout);

/// Whether `host` is an IPv4 or IPv6 address (not a name).
bool is_ip_address(const std::string& host);

}  // namespace marionette::https_client
