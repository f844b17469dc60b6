// A careless or hostile module author's Ruby function against the real `marionette-fleet
// server` and `marionette apply`: a function that loops, calls exit, exit!, abort or forks harms
// only the Ruby worker it runs in (compiler/ruby_workers.hpp). The server keeps serving other
// nodes meanwhile, stops on SIGTERM in time and leaves no process holding its port; apply ends
// with Puppet's exit status and leaves nothing holding its output pipe.
// Catalogs are asked for with curl (skipped, saying so, without it); 127.0.0.1 and temp dirs.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "support/command.hpp"
#include "support/marionette_server.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

/// m::act(what): what a module's Ruby function may do. `spin` writes the file `spinning` (so
/// that the test knows it runs) and loops; `fork` forks a child that writes its pid to the file
/// `child` and sleeps, and returns in the parent once the child has written it; `setsid` does
/// the same with a daemon's double fork: a new session, its leader exits, the grandchild sleeps.
std::string act_function(const fs::path& dir) {
  return "Puppet::Functions.create_function(:'m::act') do\n"
         "  def act(what)\n"
         "    case what\n"
         "    when 'spin'\n"
         "      File.write('" + (dir / "spinning").string() + "', 'yes')\n"
         "      loop {}\n"
         "    when 'exitbang' then exit! 4\n"
         "    when 'hog' then 'x' * (3 << 30)\n"
         "    when 'abort' then abort('aborted here')\n"
         "    when 'exit' then exit 3\n"
         "    when 'setsid'\n"
         "      if fork\n"
         "        sleep 0.01 until File.size?('" + (dir / "child").string() + "')\n"
         "      else\n"
         "        Process.setsid\n"
         "        fork && exit!(0)\n"
         "        File.write('" + (dir / "child").string() + "', Process.pid.to_s)\n"
         "        sleep 3600\n"
         "      end\n"
         "    when 'fork'\n"
         "      if fork\n"
         "        sleep 0.01 until File.size?('" + (dir / "child").string() + "')\n"
         "      else\n"
         "        File.write('" + (dir / "child").string() + "', Process.pid.to_s)\n"
         "        sleep 3600\n"
         "      end\n"
         "    end\n"
         "    \"ruby says hello to #{what}\"\n"
         "  end\n"
         "end\n";
}

std::string form_encoded(const std::string& text) {
  std::string out;
  const char* hex = "0123456789ABCDEF";
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

/// Waits until `file` exists (the event a Ruby function signals), at most `limit`.
bool appears(const fs::path& file, std::chrono::milliseconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!fs::exists(file)) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

/// Whether process `pid` is gone (or a zombie nobody waits for), waiting at most `limit`.
bool gone(pid_t pid, std::chrono::milliseconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  for (;;) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return true;
    std::size_t paren = line.rfind(')');
    if (paren != std::string::npos && line.size() > paren + 2 && line[paren + 2] == 'Z') return true;
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(20ms);
  }
}

/// The Ruby worker processes (marionette-ruby-worker) whose parent is `parent`.
int ruby_workers_of(pid_t parent) {
  int count = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    std::size_t paren = line.rfind(')');
    if (paren == std::string::npos) continue;
    std::istringstream rest(line.substr(paren + 2));
    char state = 0;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid != parent || state == 'Z') continue;
    std::error_code error;
    fs::path exe = fs::read_symlink(entry.path() / "exe", error);
    if (!error && exe.filename() == "marionette-ruby-worker") ++count;
  }
  return count;
}

class RubyIsolation : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-ruby-isolation-" + std::to_string(std::random_device{}()));
    fs::path functions = dir_ / "env" / "modules" / "m" / "lib" / "puppet" / "functions" / "m";
    fs::create_directories(functions);
    std::ofstream(functions / "act.rb") << act_function(dir_);
    std::ofstream(dir_ / "env" / "site.pp")
        << "notify { 'ruby': message => m::act($facts['act']) }\n";
  }

  void TearDown() override {
    if (server_) server_->stop();
    server_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  void start_server(const std::string& ruby_timeout, std::vector<std::string> more = {}) {
    if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
    std::vector<std::string> extra = {"--ruby-timeout", ruby_timeout};
    extra.insert(extra.end(), more.begin(), more.end());
    server_ = std::make_unique<testing::MarionetteServer>(
        MARIONETTE_FLEET_BINARY, dir_ / "env", dir_, "localhost,IP:127.0.0.1", extra, "false");
    ASSERT_FALSE(server_->port().empty()) << server_->output();
    if (fs::exists(server_->ssldir() / "certs" / "node1.test.pem")) return;
    testing::CommandResult generated = testing::run_command(
        {MARIONETTE_BINARY, "ca", "generate", "--certname", "node1.test", "--ssldir",
         server_->ssldir().string(), "--keylength", "2048"},
        60s);
    ASSERT_EQ(generated.exit_code, 0) << generated.out << generated.err;
  }

  /// node1.test's catalog with the fact act = `act`: the body (an error's text when it failed).
  std::string catalog(const std::string& act, std::chrono::seconds limit = 60s) {
    fs::path ssl = server_->ssldir();
    std::string facts = R"({"name":"node1.test","values":{"act":")" + act + R"("}})";
    testing::CommandResult got = testing::run_command(
        {"curl", "-s", "--max-time", std::to_string(limit.count()), "--cacert",
         (ssl / "ca" / "ca_crt.pem").string(), "--cert",
         (ssl / "certs" / "node1.test.pem").string(), "--key",
         (ssl / "private_keys" / "node1.test.pem").string(), "--data",
         "facts_format=application%2Fjson&facts=" + form_encoded(form_encoded(facts)),
         "https://127.0.0.1:" + server_->port() +
             "/puppet/v3/catalog/node1.test?environment=production"},
        limit + 10s);
    return got.out;
  }

  testing::CommandResult apply(const std::string& act, std::vector<std::string> more = {}) {
    std::vector<std::string> argv = {MARIONETTE_BINARY,         "apply",
                                     "--modulepath",            (dir_ / "env" / "modules").string(),
                                     "--statedir",              (dir_ / "state").string(),
                                     "--facts",                 MARIONETTE_FACTS_FILE,
                                     "--no-snmp",               "-e",
                                     "notice(m::act('" + act + "'))"};
    argv.insert(argv.end(), more.begin(), more.end());
    return testing::run_command(argv, 60s);
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
};

// Issue 37: the server starts its Ruby workers when a compile first needs Ruby, not at start: a
// compile that needs none leaves the server without a worker process; the first catalog that
// needs Ruby is still right, and its worker stays for the next.
TEST_F(RubyIsolation, NoWorkerStartsUntilACompileNeedsRuby) {
  std::ofstream(dir_ / "env" / "site.pp")
      << "if $facts['act'] == 'none' { notify { 'no ruby': } }\n"
         "else { notify { 'ruby': message => m::act($facts['act']) } }\n";
  start_server("60");
  std::string plain = catalog("none");
  ASSERT_NE(plain.find("no ruby"), std::string::npos) << plain << server_->output();
  EXPECT_EQ(ruby_workers_of(server_->pid()), 0) << "a worker started for a compile without Ruby";
  std::string first = catalog("hello");
  EXPECT_NE(first.find("ruby says hello to hello"), std::string::npos) << first;
  EXPECT_GE(ruby_workers_of(server_->pid()), 1);
  EXPECT_NE(catalog("again").find("ruby says hello to again"), std::string::npos);
  EXPECT_EQ(server_->stop(), 0) << server_->output();
}

TEST_F(RubyIsolation, ALoopingFunctionFailsAtTheDeadlineWhileAnotherNodeCompiles) {
  start_server("10");
  auto spinning = std::async(std::launch::async, [this] { return catalog("spin"); });
  ASSERT_TRUE(appears(dir_ / "spinning", 30s)) << server_->output();
  // Another compile needing Ruby goes ahead while the loop runs.
  std::string other = catalog("other", 8s);
  EXPECT_NE(other.find("ruby says hello to other"), std::string::npos) << other;
  EXPECT_EQ(spinning.wait_for(0s), std::future_status::timeout) << "the loop was still running";
  std::string stopped = spinning.get();
  EXPECT_NE(stopped.find("The function 'm::act' ran longer than ruby_timeout (10 s)"),
            std::string::npos)
      << stopped;
  // Its worker was replaced: Ruby still answers.
  EXPECT_NE(catalog("again").find("ruby says hello to again"), std::string::npos);
}

TEST_F(RubyIsolation, ExitBangAbortAndExitInAFunctionLeaveTheServerServing) {
  start_server("60");
  for (const char* act : {"exitbang", "abort", "exit"}) {
    std::string failed = catalog(act);
    EXPECT_NE(failed.find("m::act"), std::string::npos) << act << ": " << failed;
    EXPECT_EQ(failed.find("ruby says hello"), std::string::npos) << act << ": " << failed;
    std::string served = catalog("other");
    EXPECT_NE(served.find("ruby says hello to other"), std::string::npos)
        << "after " << act << ": " << served << server_->output();
  }
  EXPECT_EQ(server_->stop(), 0) << server_->output();
}

TEST_F(RubyIsolation, AForkingFunctionLeavesNothingHoldingThePort) {
  start_server("60");
  EXPECT_NE(catalog("fork").find("ruby says hello to fork"), std::string::npos);
  ASSERT_TRUE(appears(dir_ / "child", 30s));
  std::string pid_text;
  std::ifstream(dir_ / "child") >> pid_text;
  EXPECT_TRUE(gone(static_cast<pid_t>(std::stol(pid_text)), 10s)) << "the forked child was killed";
  EXPECT_NE(catalog("other").find("ruby says hello to other"), std::string::npos);
  const std::string port = server_->port();
  ASSERT_EQ(server_->stop(), 0) << server_->output();
  server_.reset();
  fs::remove(dir_ / "server.log");  // appended to: only the new server's lines
  start_server("60", {"--serverport", port});  // the same port: no "Address already in use"
  ASSERT_EQ(server_->port(), port);
  EXPECT_NE(catalog("other").find("ruby says hello to other"), std::string::npos);
}

TEST_F(RubyIsolation, AFunctionPastTheMemoryLimitFailsAloneAndTheServerServes) {
  start_server("60", {"--ruby-memory-limit", "1g"});
  std::string failed = catalog("hog");
  EXPECT_NE(failed.find("m::act"), std::string::npos) << failed;
  EXPECT_EQ(failed.find("ruby says hello"), std::string::npos) << failed;
  EXPECT_NE(catalog("other").find("ruby says hello to other"), std::string::npos)
      << server_->output();
}

TEST_F(RubyIsolation, ADaemonizingFunctionLeavesNoProcessBehind) {
  start_server("60");
  EXPECT_NE(catalog("setsid").find("ruby says hello to setsid"), std::string::npos);
  ASSERT_TRUE(appears(dir_ / "child", 30s));
  std::string pid_text;
  std::ifstream(dir_ / "child") >> pid_text;
  // Out of the worker's process group and session, orphaned: still killed with the worker.
  EXPECT_TRUE(gone(static_cast<pid_t>(std::stol(pid_text)), 10s)) << "the daemon was killed";
  EXPECT_NE(catalog("other").find("ruby says hello to other"), std::string::npos);
}

TEST_F(RubyIsolation, SigtermDuringALoopingFunctionStopsTheServerInTime) {
  start_server("300");
  auto spinning = std::async(std::launch::async, [this] { return catalog("spin"); });
  ASSERT_TRUE(appears(dir_ / "spinning", 30s)) << server_->output();
  auto asked = std::chrono::steady_clock::now();
  EXPECT_EQ(server_->stop(), 0) << "ended by SIGTERM, not killed\n" << server_->output();
  EXPECT_LT(std::chrono::steady_clock::now() - asked, 10s);
  spinning.get();
}

TEST_F(RubyIsolation, ApplyEndsWithTheStatusRubyExitsWithAsPuppetApply) {
  // Puppet 7.23's `puppet apply` with a module function calling each: 3, 4, 1 ("aborted here").
  testing::CommandResult exited = apply("exit");
  EXPECT_EQ(exited.exit_code, 3) << exited.out << exited.err;
  EXPECT_EQ(exited.err, "");
  testing::CommandResult banged = apply("exitbang");
  EXPECT_EQ(banged.exit_code, 4) << banged.out << banged.err;
  testing::CommandResult aborted = apply("abort");
  EXPECT_EQ(aborted.exit_code, 1) << aborted.out << aborted.err;
  EXPECT_NE(aborted.err.find("aborted here"), std::string::npos) << aborted.err;
}

TEST_F(RubyIsolation, ApplyFailsALoopingFunctionAtTheDeadline) {
  testing::CommandResult result = apply("spin", {"--ruby-timeout", "2"});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE(result.err.find("error: The function 'm::act' ran longer than ruby_timeout (2 s)"),
            std::string::npos)
      << result.err;
}

TEST_F(RubyIsolation, ApplyThroughAPipeReturnsAfterAForkingFunction) {
  std::string command = std::string("'") + MARIONETTE_BINARY + "' apply --modulepath '" +
                        (dir_ / "env" / "modules").string() + "' --statedir '" +
                        (dir_ / "state").string() + "' --facts '" + MARIONETTE_FACTS_FILE +
                        "' --no-snmp -e \"notice(m::act('fork'))\" | cat";
  testing::CommandResult piped = testing::run_command({"sh", "-c", command}, 30s);
  EXPECT_FALSE(piped.timed_out) << "a forked child held the pipe";
  EXPECT_EQ(piped.exit_code, 0) << piped.out << piped.err;
  EXPECT_NE(piped.out.find("ruby says hello to fork"), std::string::npos) << piped.out;
}

}  // namespace
}  // namespace marionette
