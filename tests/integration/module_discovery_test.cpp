// Module discovery proportional to use (issue 39): a compile opens nothing of a module it does
// not reach, however many modules the module path holds. `marionette compile` runs with 500
// modules on its base module path that the manifest never names; inotify (IN_OPEN, raised by
// every open(2) and opendir(3) of a watched directory or of a file directly in it) watches each
// of their directories and reports any the compile opened. The module the manifest does use is
// watched alike, so the watch is shown to see what a compile opens.
#include <gtest/gtest.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

constexpr int kUnusedModules = 500;

/// Directories watched for IN_OPEN; events() reads what was raised so far.
class OpenWatch {
 public:
  OpenWatch() : fd_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}
  ~OpenWatch() {
    if (fd_ >= 0) close(fd_);
  }
  OpenWatch(const OpenWatch&) = delete;
  OpenWatch& operator=(const OpenWatch&) = delete;

  bool usable() const { return fd_ >= 0; }

  /// Watches `dir`; false when it cannot (the watch limit).
  bool watch(const fs::path& dir) {
    int wd = inotify_add_watch(fd_, dir.c_str(), IN_OPEN);
    if (wd < 0) return false;
    dirs_[wd] = dir;
    return true;
  }

  /// The paths opened since the last call: a watched directory, or a file directly in one.
  std::set<std::string> opened() {
    std::set<std::string> paths;
    alignas(inotify_event) char buffer[64 * 1024];
    for (;;) {
      ssize_t got = read(fd_, buffer, sizeof buffer);
      if (got <= 0) break;
      for (char* at = buffer; at < buffer + got;) {
        auto* event = reinterpret_cast<inotify_event*>(at);
        auto dir = dirs_.find(event->wd);
        if (dir != dirs_.end() && (event->mask & IN_OPEN))
          paths.insert(event->len ? (dir->second / event->name).string() : dir->second.string());
        at += sizeof(inotify_event) + event->len;
      }
    }
    return paths;
  }

 private:
  int fd_;
  std::map<int, fs::path> dirs_;
};

class ModuleDiscovery : public ::testing::Test {
 protected:
  void SetUp() override {
    // The module the manifest uses: a class, a defined type, a function, a type alias, a
    // resource type in Ruby, module data, a template.
    write("env/modules/used/manifests/init.pp",
          "class used($greeting = lookup('used::greeting')) {\n"
          "  used::thing { 'one': }\n"
          "  notify { 'greeting': message => used::shout($greeting) }\n"
          "  file { '/tmp/used': content => template('used/motd.erb') }\n"
          "  used_type { 'x': value => 'y' }\n"
          "}\n");
    write("env/modules/used/manifests/thing.pp",
          "define used::thing(Used::Size $size = 3) { notify { \"thing ${title} ${size}\": } }\n");
    write("env/modules/used/functions/shout.pp",
          "function used::shout(String $s) >> String { \"${s}!\" }\n");
    write("env/modules/used/types/size.pp", "type Used::Size = Integer[1, 10]\n");
    write("env/modules/used/lib/puppet/type/used_type.rb",
          "Puppet::Type.newtype(:used_type) do\n"
          "  newparam(:name) do\n    isnamevar\n  end\n"
          "  newproperty(:value)\n"
          "end\n");
    write("env/modules/used/hiera.yaml",
          "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n");
    write("env/modules/used/data/common.yaml", "---\nused::greeting: hello\n");
    write("env/modules/used/templates/motd.erb", "<%= @greeting %> from <%= @fqdn %>\n");
    write("env/site.pp", "node default { include used }\n");
    // Modules nobody names, each with what every kind of lookup would read.
    for (int i = 0; i < kUnusedModules; ++i) {
      std::string name = "unused" + std::to_string(i);
      fs::path module = dir_ / "base" / name;
      write("base/" + name + "/manifests/init.pp", "class " + name + " { notify { 'x': } }\n");
      write("base/" + name + "/functions/f.pp", "function " + name + "::f() { 1 }\n");
      write("base/" + name + "/types/t.pp", "type " + name + "::T = Integer\n");
      write("base/" + name + "/lib/puppet/type/" + name + "_type.rb",
            "Puppet::Type.newtype(:" + name + "_type) do\nend\n");
      write("base/" + name + "/lib/puppet/functions/" + name + "_f.rb", "# unused\n");
      write("base/" + name + "/hiera.yaml", "---\nversion: 5\n");
      unused_.push_back(module);
    }
  }

  fs::path write(const std::string& relative, const std::string& text) {
    return scratch_.write(relative, text);
  }

  /// Every directory of `module`, for the watch.
  static std::vector<fs::path> directories_of(const fs::path& module) {
    std::vector<fs::path> dirs = {module};
    for (const auto& entry : fs::recursive_directory_iterator(module))
      if (entry.is_directory()) dirs.push_back(entry.path());
    return dirs;
  }

  CommandResult compile() {
    return run_command(
        {MARIONETTE_BINARY, "compile", "--env-dir", (dir_ / "env").string(), "--basemodulepath",
         (dir_ / "base").string(), "--facts", MARIONETTE_FACTS_FILE, "--node", "web01.example.com"},
        std::chrono::seconds(60));
  }

  marionette::testing::ScratchDir scratch_{"moddisc"};
  const fs::path& dir_ = scratch_.path();
  std::vector<fs::path> unused_;
};

TEST_F(ModuleDiscovery, ACompileOpensNothingOfTheModulesItDoesNotUse) {
  OpenWatch watch;
  ASSERT_TRUE(watch.usable()) << "inotify_init1: " << errno;
  for (const fs::path& dir : directories_of(dir_ / "env/modules/used"))
    ASSERT_TRUE(watch.watch(dir)) << dir;
  for (const fs::path& module : unused_)
    for (const fs::path& dir : directories_of(module))
      if (!watch.watch(dir)) GTEST_SKIP() << "inotify watch limit reached at " << dir;
  watch.opened();  // nothing before the compile

  CommandResult result = compile();
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("\"thing one 3\""), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("hello!"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("hello from web01.example.com"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"Used_type\""), std::string::npos) << result.out;

  std::set<std::string> opened = watch.opened();
  std::vector<std::string> of_unused, of_used;
  for (const std::string& path : opened)
    (path.starts_with((dir_ / "base").string()) ? of_unused : of_used).push_back(path);
  EXPECT_TRUE(of_unused.empty()) << of_unused.size() << " opened in unused modules, e.g. "
                                 << of_unused.front();
  // The watch sees what a compile does open: the used module's files.
  std::string used = (dir_ / "env/modules/used").string();
  for (const char* file :
       {"/manifests/init.pp", "/manifests/thing.pp", "/functions/shout.pp", "/types/size.pp",
        "/lib/puppet/type/used_type.rb", "/hiera.yaml", "/templates/motd.erb"})
    EXPECT_EQ(opened.count(used + file), 1u) << file << " not seen opened";
}

}  // namespace
}  // namespace marionette
