// `marionette yamlresource receive` over a pipe, as mgmt's pippet resource drove
// `puppet yamlresource receive`: one line in, one JSON line out, answered before the next line
// is written (a pipe protocol that buffered its answers would hang its client), bad lines
// answered with an error line while the process keeps serving, and a clean exit at end of input.
// The expected lines are those the puppet-yamlresource face (0.2.2) gave under Puppet 7.23.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

/// The receiver with its stdin and stdout on pipes; stderr goes to a file.
class Receiver {
 public:
  Receiver(std::vector<std::string> args, const fs::path& stderr_file) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      int err = open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(err, 2);
      close(in[1]);
      close(out[0]);
      std::vector<char*> argv;
      for (auto& arg : args) argv.push_back(arg.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~Receiver() {
    if (to_ >= 0) close(to_);
    close(from_);
    if (pid_ > 0 && waitpid(pid_, nullptr, WNOHANG) == 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  void send(const std::string& line) {
    std::string text = line + "\n";
    ASSERT_EQ(write(to_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }

  /// The next line it writes, waiting at most `timeout`; empty when none came.
  std::string read_line(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      auto newline = buffer_.find('\n');
      if (newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        return line;
      }
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return "";
      pollfd ready{from_, POLLIN, 0};
      if (poll(&ready, 1, static_cast<int>(left.count())) <= 0) return "";
      char chunk[4096];
      ssize_t got = read(from_, chunk, sizeof chunk);
      if (got <= 0) return "";
      buffer_.append(chunk, static_cast<std::size_t>(got));
    }
  }

  /// Closes its stdin and waits for its exit status (nullopt: still running at the deadline).
  std::optional<int> finish(std::chrono::milliseconds timeout) {
    close(to_);
    to_ = -1;
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? std::optional<int>(WEXITSTATUS(status)) : std::nullopt;
      }
      usleep(10000);
    }
    return std::nullopt;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
};

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class YamlresourceReceive : public ::testing::Test {
 protected:
  marionette::testing::ScratchDir scratch_{"yamlresource"};
  const fs::path& dir_ = scratch_.path();
};

const char* const kReady =
    "Notice: ready to receive resources in YAML representation (one per line)...";

TEST_F(YamlresourceReceive, AnswersEachLineBeforeTheNextAndKeepsServingAfterBadOnes) {
  Receiver receiver({MARIONETTE_BINARY, "yamlresource", "receive"}, dir_ / "stderr");
  EXPECT_EQ(receiver.read_line(), kReady);
  const std::string file = (dir_ / "x").string();

  receiver.send("file " + file + " { ensure: file, content: \"hi\\n\" }");
  EXPECT_EQ(receiver.read_line(), "{\"resource\":\"File[" + file +
                                      "]\",\"failed\":false,\"changed\":true,\"noop\":false,"
                                      "\"error\":false,\"exception\":null}");
  EXPECT_EQ(read_text(file), "hi\n");

  receiver.send("file " + file + " { parameters: many }");
  EXPECT_EQ(
      receiver.read_line(),
      R"({"failed":true,"changed":false,"error":true,"exception":"no parameter named 'parameters'"})");

  receiver.send("file /a { this: will: not: parse }");
  EXPECT_EQ(
      receiver.read_line(),
      R"({"failed":true,"changed":false,"error":true,"exception":"There was an error parsing )"
      R"(the parameter YAML document: (<unknown>): did not find expected ',' or '}' while )"
      R"(parsing a flow mapping at line 1 column 1"})");

  receiver.send("{bad json");
  EXPECT_EQ(
      receiver.read_line(),
      R"({"failed":true,"changed":false,"error":true,"exception":"unexpected token at '{bad json\n'"})");

  // Still serving: the same file again is in sync, and the JSON shape of a line works too.
  receiver.send("file " + file + " { ensure: file, content: \"hi\\n\" }");
  Json again = Json::parse(receiver.read_line());
  EXPECT_EQ(again["changed"], false);
  EXPECT_EQ(again["failed"], false);
  const std::string other = (dir_ / "z").string();
  receiver.send(R"({"type":"file", "title":")" + other + R"(", "params":"{ ensure: file }"})");
  Json json_line = Json::parse(receiver.read_line());
  EXPECT_EQ(json_line["resource"], "File[" + other + "]");
  EXPECT_EQ(json_line["changed"], true);
  EXPECT_TRUE(fs::exists(other));

  receiver.send("exec /bin/false {}");
  Json failed = Json::parse(receiver.read_line());
  EXPECT_EQ(failed["resource"], "Exec[/bin/false]");
  EXPECT_EQ(failed["failed"], true);
  EXPECT_EQ(failed["error"], false);

  EXPECT_EQ(receiver.finish(std::chrono::seconds(20)), 0);
  std::string errors = read_text(dir_ / "stderr");
  EXPECT_NE(errors.find("Error: (Applying File[" + file + "]) no parameter named 'parameters'"),
            std::string::npos)
      << errors;
}

TEST_F(YamlresourceReceive, NoopChangesNothingAndSaysSo) {
  Receiver receiver({MARIONETTE_BINARY, "yamlresource", "receive", "--noop"}, dir_ / "stderr");
  EXPECT_EQ(receiver.read_line(), kReady);
  const std::string file = (dir_ / "never").string();
  receiver.send("file " + file + " { ensure: file }");
  Json answer = Json::parse(receiver.read_line());
  EXPECT_EQ(answer["noop"], true);
  EXPECT_EQ(answer["changed"], false);
  EXPECT_FALSE(fs::exists(file));
  EXPECT_EQ(receiver.finish(std::chrono::seconds(20)), 0);
}

}  // namespace
}  // namespace marionette
