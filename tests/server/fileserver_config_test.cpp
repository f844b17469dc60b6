// fileserver.conf read as Puppet 7's parser reads it (Puppet::FileServing::Configuration::Parser
// and Mount::File): custom mounts, %H/%h/%d, `allow *`, the errors that fail the file, and the
// mounts served through FileMounts with the client's certname, beside the locales mount.
#include "server/fileserver_config.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "server/file_serving.hpp"

namespace marionette::server {
namespace {

namespace fs = std::filesystem;

class FileServerConf : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-fsconf-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "mounts" / "example.com" / "node1");
    fs::create_directories(dir_ / "plain" / "sub");
    fs::create_directories(dir_ / "modules" / "m1" / "locales" / "ja");
    std::ofstream(dir_ / "mounts" / "example.com" / "node1" / "s.txt") << "per node\n";
    std::ofstream(dir_ / "plain" / "sub" / "t.txt") << "nested\n";
    std::ofstream(dir_ / "modules" / "m1" / "locales" / "ja" / "m1.po") << "po\n";
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::map<std::string, DirectoryMount> read(const std::string& text) {
    std::ofstream(dir_ / "fileserver.conf") << text;
    return read_fileserver_config(dir_ / "fileserver.conf",
                                  [this](const std::string& line) { logged_ += line + "\n"; });
  }

  fs::path dir_;
  std::string logged_;
};

TEST_F(FileServerConf, MountsWithPatternsAndAllowStar) {
  auto mounts = read("# custom mounts\n[shared]\n  path " + (dir_ / "mounts").string() +
                     "/%d/%h\n  allow *\n\n[plain]\n path " + (dir_ / "plain").string() +
                     " # a comment\n[plugins]\n");
  ASSERT_EQ(mounts.size(), 2u);
  EXPECT_EQ(mounts["shared"].directory_for("node1.example.com"),
            dir_ / "mounts" / "example.com" / "node1");
  EXPECT_EQ(mounts["plain"].directory_for("node1.example.com"), dir_ / "plain");
  EXPECT_EQ(logged_, "");
  DirectoryMount byname{"/srv/%H/%%/%x", true};
  EXPECT_EQ(byname.directory_for("web.example.com"), "/srv/web.example.com/%/%x");
  // Puppet's clientmap: a certname without a dot is its own domain.
  EXPECT_EQ(DirectoryMount({"/srv/%d", true}).directory_for("localhost"), "/srv/localhost");

  FileMounts served({dir_ / "modules"}, mounts, "node1.example.com");
  EXPECT_EQ(served.find("shared/s.txt"), dir_ / "mounts" / "example.com" / "node1" / "s.txt");
  EXPECT_EQ(served.find("plain/sub/t.txt"), dir_ / "plain" / "sub" / "t.txt");
  EXPECT_FALSE(served.find("plain/missing.txt"));
  EXPECT_FALSE(served.find("plain/../plain/sub/t.txt"));
  EXPECT_FALSE(served.find("nomount/x"));
  auto roots = served.search_roots("plain");
  ASSERT_TRUE(roots);
  EXPECT_EQ(roots->dirs, std::vector<fs::path>{dir_ / "plain"});
  EXPECT_EQ(served.find("locales/ja/m1.po"), dir_ / "modules" / "m1" / "locales" / "ja" / "m1.po");
  auto locales = served.search_roots("locales");
  ASSERT_TRUE(locales);
  EXPECT_EQ(locales->dirs, std::vector<fs::path>{dir_ / "modules" / "m1" / "locales"});
}

TEST_F(FileServerConf, UnsupportedEntriesAndMissingDirectoriesAsPuppet) {
  auto mounts = read("[a]\n  path " + (dir_ / "plain").string() +
                     "\n  allow node1.example.com\n  deny *\n[gone]\n  path " +
                     (dir_ / "nowhere").string() + "\n[modules]\n  path /srv\n");
  EXPECT_EQ(mounts.size(), 1u);
  EXPECT_TRUE(mounts.count("a"));
  EXPECT_NE(logged_.find("Entry '  allow node1.example.com' is unsupported and will be ignored"),
            std::string::npos)
      << logged_;
  EXPECT_NE(logged_.find("Entry '  deny *' is unsupported"), std::string::npos) << logged_;
  EXPECT_NE(logged_.find("Removing mount \"gone\": " + (dir_ / "nowhere").string() +
                         " does not exist or is not a directory"),
            std::string::npos)
      << logged_;
  EXPECT_NE(logged_.find("The 'modules' module can not have a path. Ignoring attempt to set it"),
            std::string::npos)
      << logged_;
}

TEST_F(FileServerConf, ErrorsFailTheWholeFile) {
  EXPECT_THROW(read("[a]\n  path = /srv\n"), std::runtime_error);
  EXPECT_THROW(read("[a]\n  root /srv\n"), std::runtime_error);
  EXPECT_THROW(read("[a]\n"), std::runtime_error);  // a mount without a path
  EXPECT_THROW(read("[a]\n path /tmp\n[a]\n path /tmp\n"), std::runtime_error);
  try {
    read("[a]\n  root /srv\n");
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "Invalid argument 'root' (file: " +
                                         (dir_ / "fileserver.conf").string() + ", line: 2)");
  }
}

TEST_F(FileServerConf, ReadAgainWhenChangedOldKeptWhenBroken) {
  std::ofstream(dir_ / "fileserver.conf") << "[plain]\n path " << (dir_ / "plain").string() << "\n";
  FileServerConfig config(dir_ / "fileserver.conf",
                          [this](const std::string& line) { logged_ += line + "\n"; });
  EXPECT_EQ(config.mounts().count("plain"), 1u);
  std::ofstream(dir_ / "fileserver.conf")
      << "[other]\n path " << (dir_ / "plain").string() << "\n[x]\n";  // broken: x has no path
  EXPECT_EQ(config.mounts().count("plain"), 1u);
  EXPECT_NE(logged_.find("Error parsing fileserver configuration: Mounts without paths are not "
                         "usable; using old configuration"),
            std::string::npos)
      << logged_;
  std::ofstream(dir_ / "fileserver.conf") << "[other]\n path " << (dir_ / "plain").string() << "\n";
  EXPECT_EQ(config.mounts().count("other"), 1u);
  EXPECT_EQ(config.mounts().count("plain"), 0u);
}

}  // namespace
}  // namespace marionette::server
