// A Redis that answers with something huge or endless ("*2147483647\r\n" and elements without
// end, a bulk string of 2 GiB, a line that never ends, a reply one byte at a time) must cost the
// agent one failed flush, bounded in memory and time: the run stays in the journal and the
// counters keep counting, as when Redis is down. The Redis here is a fake speaking RESP on a
// 127.0.0.1 socket.

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "counters/counter_store.hpp"
#include "scratch_dir.hpp"
#include "support/wait_until.hpp"
#include "support/loopback_listener.hpp"

namespace marionette::counters {
namespace {

using namespace std::chrono_literals;

/// What the fake answers to every command: `header`, then `filler` again and again until `cap`
/// bytes went out (one byte every `pace` when given), or until the client hangs up.
struct HostileReply {
  std::string name;
  std::string header;
  std::string filler;
  std::size_t cap;
  std::chrono::milliseconds pace{0};
};

void PrintTo(const HostileReply& reply, std::ostream* out) {
  *out << reply.name;
}

class HostileRedis {
 public:
  explicit HostileRedis(HostileReply reply) : reply_(std::move(reply)) {
    testing::LoopbackListener listener = testing::listen_on_loopback();
    fd_ = listener.fd;
    port_ = listener.port;
    thread_ = std::thread([this] { serve(); });
  }
  ~HostileRedis() {
    stop_ = true;
    thread_.join();
    close(fd_);
  }

  std::string url() const { return "redis://127.0.0.1:" + std::to_string(port_); }
  int connections() const { return connections_; }
  /// Connections it is done with.
  int served() const { return served_; }
  /// Connections the client closed while the fake still had reply to send.
  int hung_up() const { return hung_up_; }

 private:
  void serve() {
    while (!stop_) {
      pollfd ready{fd_, POLLIN, 0};
      if (poll(&ready, 1, 20) <= 0) continue;
      const int client = accept(fd_, nullptr, nullptr);
      if (client < 0) continue;
      ++connections_;
      const int small = 64 * 1024;  // little in flight: the client's reading shows at once
      setsockopt(client, SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
      if (answer(client)) ++hung_up_;
      close(client);
      ++served_;
    }
  }

  /// True when the client hung up before the whole reply went out.
  bool answer(int client) {
    char request[4096];
    pollfd readable{client, POLLIN, 0};
    if (poll(&readable, 1, 2000) <= 0 || read(client, request, sizeof request) <= 0) return true;
    std::string chunk = reply_.header;
    while (chunk.size() < 64 * 1024) chunk += reply_.filler;
    std::size_t sent = 0;
    std::size_t offset = 0;  // into chunk; after the first chunk, the header is not resent
    while (!stop_ && sent < reply_.cap) {
      std::size_t length = reply_.pace.count() ? 1 : chunk.size() - offset;
      pollfd writable{client, POLLOUT, 0};
      if (poll(&writable, 1, 100) <= 0) continue;
      const ssize_t wrote = send(client, chunk.data() + offset, length, MSG_NOSIGNAL);
      if (wrote < 0) return true;  // reset: the client closed
      sent += static_cast<std::size_t>(wrote);
      offset += static_cast<std::size_t>(wrote);
      if (offset >= chunk.size()) {
        chunk = std::string();
        while (chunk.size() < 64 * 1024) chunk += reply_.filler;
        offset = 0;
      }
      if (reply_.pace.count()) std::this_thread::sleep_for(reply_.pace);  // the attack's pace
    }
    // Everything went out: the client hung up before only if it closed already.
    char byte;
    return recv(client, &byte, 1, MSG_DONTWAIT) == 0;
  }

  HostileReply reply_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> connections_{0};
  std::atomic<int> hung_up_{0};
  std::atomic<int> served_{0};
  std::thread thread_;
};

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

class RedisReplyBounds : public ::testing::TestWithParam<HostileReply> {};

TEST_P(RedisReplyBounds, AHugeOrEndlessReplyFailsTheFlushAndTheCountersKeepCounting) {
  ScratchDir dir;
  HostileRedis redis(GetParam());
  const long rss_before = peak_rss_kib();
  const auto started = std::chrono::steady_clock::now();

  StoreOptions options;
  options.state_dir = dir.path();
  options.redis_url = redis.url();
  options.node_name = "web01";
  auto store = make_counter_store(options);  // its first refresh meets the fake
  EXPECT_EQ(store->add({"r1", 1, 2, 0}), (Totals{1, 2, 0}));
  EXPECT_EQ(store->add({"r2", 1, 1, 0}), (Totals{2, 3, 0}));

  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_LT(took, 5s) << "each reply is bounded in time";
  EXPECT_EQ(store->backend(), "journal-only");
  EXPECT_EQ(store->status().pending, 2u) << "the runs wait in the journal";
  EXPECT_EQ(store->fleet_totals(), (Totals{2, 3, 0}));
  EXPECT_GE(redis.connections(), 2);
  ASSERT_TRUE(testing::wait_until([&] { return redis.served() == redis.connections(); }, 20s));
  EXPECT_EQ(redis.hung_up(), redis.connections())
      << "the store read the reply to its end instead of giving it up";
  EXPECT_LT(peak_rss_kib() - rss_before, 64 * 1024) << "KiB of memory taken by the replies";
}

INSTANTIATE_TEST_SUITE_P(
    Replies, RedisReplyBounds,
    ::testing::Values(HostileReply{"HugeArrayOfIntegers", "*2147483647\r\n", ":1\r\n", 16u << 20},
                      HostileReply{"HugeArrayOfNils", "*2147483647\r\n", "$-1\r\n", 16u << 20},
                      HostileReply{"NestedHugeArrays", "*2147483647\r\n", "*2147483647\r\n",
                                   16u << 20},
                      HostileReply{"HugeBulkString", "$2147483647\r\n", "xxxxxxxx", 32u << 20},
                      HostileReply{"EndlessLine", ":1", "11111111", 16u << 20},
                      HostileReply{"OneByteAtATime", "*4000\r\n", ":1\r\n", 200, 50ms}),
    [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace marionette::counters
