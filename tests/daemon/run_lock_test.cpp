#include "daemon/run_lock.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace marionette::daemon {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

class RunLockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "marionette-lock-XXXXXX").string();
    dir_ = ::mkdtemp(pattern.data());
    path_ = run_lock_path(dir_);
  }
  void TearDown() override {
    stop_holder();
    fs::remove_all(dir_);
  }

  std::string contents() const {
    std::ifstream in(path_);
    std::string text;
    std::getline(in, text);
    return text;
  }

  /// A child process that takes the lock, says so through a pipe, and holds it for `hold`.
  void start_holder(std::chrono::milliseconds hold) {
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    holder_ = ::fork();
    ASSERT_GE(holder_, 0);
    if (holder_ == 0) {
      ::close(ready[0]);
      auto lock = RunLock::try_acquire(path_);
      char ok = lock ? 'y' : 'n';
      (void)!::write(ready[1], &ok, 1);
      ::usleep(static_cast<useconds_t>(hold.count() * 1000));
      ::_exit(0);  // no destructors: the lock file stays behind, as after a crash
    }
    ::close(ready[1]);
    char ok = 0;
    ASSERT_EQ(::read(ready[0], &ok, 1), 1);
    ::close(ready[0]);
    ASSERT_EQ(ok, 'y');
  }

  void stop_holder() {
    if (holder_ <= 0) return;
    ::kill(holder_, SIGKILL);
    ::waitpid(holder_, nullptr, 0);
    holder_ = -1;
  }

  fs::path dir_, path_;
  pid_t holder_ = -1;
};

TEST_F(RunLockTest, HoldsThePidWhileHeldAndRemovesTheFileAfter) {
  {
    auto lock = RunLock::try_acquire(path_);
    ASSERT_TRUE(lock);
    EXPECT_EQ(lock->path(), dir_ / "agent_catalog_run.lock");
    EXPECT_EQ(contents(), std::to_string(::getpid()));
  }
  EXPECT_FALSE(fs::exists(path_));
}

TEST_F(RunLockTest, ASecondTakerIsToldWhoHoldsIt) {
  auto first = RunLock::try_acquire(path_);
  ASSERT_TRUE(first);
  std::optional<pid_t> holder;
  EXPECT_FALSE(RunLock::try_acquire(path_, &holder));
  ASSERT_TRUE(holder);
  EXPECT_EQ(*holder, ::getpid());
}

TEST_F(RunLockTest, AnotherProcessHoldingItBlocksUntilItDies) {
  start_holder(30s);
  std::optional<pid_t> holder;
  EXPECT_FALSE(RunLock::try_acquire(path_, &holder));
  ASSERT_TRUE(holder);
  EXPECT_EQ(*holder, holder_);
  const pid_t dead = holder_;
  stop_holder();
  // The dead holder's file is still there with its pid: a stale lock, taken over.
  EXPECT_EQ(contents(), std::to_string(dead));
  auto lock = RunLock::try_acquire(path_);
  ASSERT_TRUE(lock);
  EXPECT_EQ(contents(), std::to_string(::getpid()));
}

TEST_F(RunLockTest, AStaleFileWithADeadPidIsTakenOver) {
  std::ofstream(path_) << "999999999\n";
  auto lock = RunLock::try_acquire(path_);
  ASSERT_TRUE(lock);
  EXPECT_EQ(contents(), std::to_string(::getpid()));
}

TEST_F(RunLockTest, BusyMessageIsPuppetsWithThePid) {
  EXPECT_EQ(lock_busy_message("/s/agent_catalog_run.lock", 42),
            "Run of marionette already in progress (pid 42); skipping  "
            "(/s/agent_catalog_run.lock exists)");
  EXPECT_EQ(lock_busy_message("/s/agent_catalog_run.lock", std::nullopt),
            "Run of marionette already in progress; skipping  (/s/agent_catalog_run.lock exists)");
}

struct Logged {
  std::vector<std::pair<std::string, std::string>> lines;
  std::function<void(const std::string&, const std::string&)> sink() {
    return [this](const std::string& level, const std::string& message) {
      lines.emplace_back(level, message);
    };
  }
  bool has(const std::string& level, const std::string& part) const {
    for (const auto& [l, m] : lines)
      if (l == level && m.find(part) != std::string::npos) return true;
    return false;
  }
};

TEST_F(RunLockTest, WithoutWaitingItSaysWhyAtOnce) {
  start_holder(30s);
  Logged log;
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(acquire_run_lock(path_, 0s, 60s, log.sink()));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
  EXPECT_TRUE(log.has("notice", "already in progress (pid " + std::to_string(holder_) + ")"))
      << (log.lines.empty() ? "" : log.lines.front().second);
}

TEST_F(RunLockTest, WaitForLockOutwaitsAShortRun) {
  start_holder(1200ms);
  Logged log;
  auto lock = acquire_run_lock(path_, 1s, 10s, log.sink());
  EXPECT_TRUE(lock);
  EXPECT_TRUE(log.has("info", "Will try again in 1 seconds."));
}

TEST_F(RunLockTest, MaxWaitForLockBoundsTheWait) {
  start_holder(30s);
  Logged log;
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(acquire_run_lock(path_, 1s, 1s, log.sink()));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
  EXPECT_TRUE(log.has("notice", "maxwaitforlock timeout has been exceeded"));
}

TEST_F(RunLockTest, AnInterruptEndsTheWait) {
  start_holder(30s);
  Logged log;
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(acquire_run_lock(path_, 5s, 30s, log.sink(), [] { return true; }));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
}

TEST_F(RunLockTest, AnUncreatableFileIsAnErrorNamingIt) {
  try {
    RunLock::try_acquire(dir_ / "missing" / "agent_catalog_run.lock");
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("missing/agent_catalog_run.lock"), std::string::npos);
  }
}

}  // namespace
}  // namespace marionette::daemon
