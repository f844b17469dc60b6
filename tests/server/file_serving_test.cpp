#include "server/file_serving.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace marionette::server {
namespace {

namespace fs = std::filesystem;

class FileServing : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-files-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "first" / "ntp" / "files" / "conf.d");
    fs::create_directories(dir_ / "first" / "ntp" / "lib" / "facter");
    fs::create_directories(dir_ / "second" / "ntp" / "files");
    fs::create_directories(dir_ / "second" / "apt" / "lib" / "puppet");
    std::ofstream(dir_ / "first" / "ntp" / "files" / "ntp.conf") << "server a\n";
    std::ofstream(dir_ / "first" / "ntp" / "files" / "conf.d" / "x.conf") << "x";
    std::ofstream(dir_ / "second" / "ntp" / "files" / "only-here") << "shadowed";
    std::ofstream(dir_ / "first" / "ntp" / "lib" / "facter" / "f.rb") << "f";
    std::ofstream(dir_ / "second" / "apt" / "lib" / "puppet" / "t.rb") << "t";
    mounts_ = std::make_unique<FileMounts>(std::vector<fs::path>{dir_ / "first", dir_ / "second"});
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
  std::unique_ptr<FileMounts> mounts_;
};

TEST_F(FileServing, ModulesMountFirstModuleWinsAndNoClimbing) {
  EXPECT_EQ(mounts_->find("modules/ntp/ntp.conf"), dir_ / "first" / "ntp" / "files" / "ntp.conf");
  EXPECT_FALSE(mounts_->find("modules/ntp/only-here"));  // the first ntp is the whole module
  EXPECT_FALSE(mounts_->find("modules/ntp/../../second/ntp/files/only-here"));
  EXPECT_FALSE(mounts_->find("modules/nope/x"));
  EXPECT_FALSE(mounts_->find("secret/x"));
}

TEST_F(FileServing, MetadataAsPuppetWritesIt) {
  MetadataOptions options;
  auto metadata = file_metadata(dir_ / "first" / "ntp" / "files" / "ntp.conf", options);
  EXPECT_EQ(metadata["type"], "file");
  EXPECT_TRUE(metadata["relative_path"].is_null());
  EXPECT_EQ(metadata["checksum"]["type"], "sha256");
  // sha256("server a\n")
  EXPECT_EQ(metadata["checksum"]["value"].get<std::string>().substr(0, 8), "{sha256}");
  auto listed = file_metadatas({dir_ / "first" / "ntp" / "files"},
                               metadata_options_from({{"recurse", "true"}}));
  std::vector<std::string> relative;
  for (const auto& entry : listed) relative.push_back(entry["relative_path"]);
  std::sort(relative.begin(), relative.end());
  EXPECT_EQ(relative, (std::vector<std::string>{".", "conf.d", "conf.d/x.conf", "ntp.conf"}));
  EXPECT_THROW(file_metadatas({dir_ / "first" / "ntp" / "files"},
                              metadata_options_from({{"recurse", "true"}}), 2),
               std::runtime_error);
}

TEST_F(FileServing, AChecksumIsKeptWhileTheFileIsUnchanged) {
  const fs::path file = dir_ / "first" / "ntp" / "files" / "ntp.conf";
  // Older than the racy window: a digest of it is kept.
  fs::last_write_time(file, fs::file_time_type::clock::now() - std::chrono::hours(1));
  MetadataOptions options;
  const std::string first = file_metadata(file, options)["checksum"]["value"];
  const std::size_t hashes = file_content_hashes();
  EXPECT_EQ(file_metadata(file, options)["checksum"]["value"], first);
  EXPECT_EQ(file_content_hashes(), hashes);  // the second catalog's metadata: no hashing
  // Another content of the same size (another mtime).
  std::ofstream(file) << "server b\n";
  fs::last_write_time(file, fs::file_time_type::clock::now() - std::chrono::minutes(30));
  const std::string second = file_metadata(file, options)["checksum"]["value"];
  EXPECT_NE(second, first);
  // sha256("server b\n")
  EXPECT_EQ(second, "{sha256}e42ce86886078a0ef454cbc3da88f6df55808fb4332a38c01cb7b861e1f414a6");
  EXPECT_GT(file_content_hashes(), hashes);
  // Each algorithm its own.
  options.checksum_type = "md5";
  EXPECT_EQ(file_metadata(file, options)["checksum"]["value"].get<std::string>().substr(0, 5),
            "{md5}");
}

TEST_F(FileServing, EveryIgnoreTheAgentSendsIsHonoured) {
  // Puppet's agent repeats the parameter: ignore=.svn&ignore=CVS&ignore=.git&ignore=.hg.
  auto listed = file_metadatas(
      {dir_ / "first" / "ntp" / "files"},
      metadata_options_from({{"recurse", "true"}, {"ignore", "conf.d"}, {"ignore", "ntp.conf"}}));
  std::vector<std::string> relative;
  for (const auto& entry : listed) relative.push_back(entry["relative_path"]);
  EXPECT_EQ(relative, std::vector<std::string>{"."});
}

TEST_F(FileServing, PluginsMergeEveryModulesLib) {
  auto roots = mounts_->search_roots("plugins");
  ASSERT_TRUE(roots);
  EXPECT_EQ(roots->dirs.size(), 2u);
  EXPECT_EQ(mounts_->find("plugins/puppet/t.rb"),
            dir_ / "second" / "apt" / "lib" / "puppet" / "t.rb");
  // No module has facts.d: one root, no recursion (Puppet's empty plugin tree).
  auto facts = mounts_->search_roots("pluginfacts");
  ASSERT_TRUE(facts);
  EXPECT_FALSE(facts->recursion_allowed);
  EXPECT_EQ(facts->dirs, std::vector<fs::path>{dir_ / "first"});
}

TEST_F(FileServing, AnEnvironmentWithoutModulesDirAnswersFromTheFirstEntryThatExists) {
  // An environment with no modules/ directory: its first modulepath entry does not exist.
  FileMounts mounts({dir_ / "env" / "modules", dir_ / "second"});
  auto facts = mounts.search_roots("pluginfacts");
  ASSERT_TRUE(facts);
  EXPECT_FALSE(facts->recursion_allowed);
  EXPECT_EQ(facts->dirs, std::vector<fs::path>{dir_ / "second"});

  FileMounts nothing({dir_ / "missing-a", dir_ / "missing-b"});
  EXPECT_FALSE(nothing.search_roots("pluginfacts"));
}

}  // namespace
}  // namespace marionette::server
