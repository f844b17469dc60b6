// Static catalogs' inlined metadata, against what real Puppet 7.23's catalog compiler inlines
// for the same environment (Puppet::Resource::Catalog::Compiler#compile with static_catalog and
// a code_id, run on Debian's puppet: the expected values below are its output).
#include "server/static_catalog.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace marionette::server {
namespace {

namespace fs = std::filesystem;

class StaticCatalog : public ::testing::Test {
 protected:
  void SetUp() override {
    env_ = fs::temp_directory_path() / ("marionette-static-" + std::to_string(getpid()));
    fs::remove_all(env_);
    fs::create_directories(env_ / "modules" / "demo" / "files" / "tree" / "sub");
    std::ofstream(env_ / "modules" / "demo" / "files" / "greeting.txt") << "served\n";
    std::ofstream(env_ / "modules" / "demo" / "files" / "tree" / "sub" / "leaf.txt") << "leaf\n";
  }
  void TearDown() override { fs::remove_all(env_); }

  InlinedMetadata inline_for(const std::string& resources) {
    catalog::Catalog catalog = catalog::from_json(
        "{\"tags\":[],\"name\":\"n1.test\",\"version\":1,\"code_id\":null,\"catalog_uuid\":\"u\","
        "\"catalog_format\":2,\"environment\":\"production\",\"resources\":[" +
        resources + "],\"edges\":[],\"classes\":[]}");
    return inline_metadata(catalog, FileMounts({env_ / "modules"}), env_, "sha256");
  }

  static std::string file(const std::string& title, const std::string& parameters) {
    return "{\"type\":\"File\",\"title\":\"" + title +
           "\",\"tags\":[],\"exported\":false,\"parameters\":" + parameters + "}";
  }

  fs::path env_;
};

TEST_F(StaticCatalog, InlinesAsPuppetDoes) {
  InlinedMetadata inlined = inline_for(
      file("/out/greeting.txt", "{\"source\":\"puppet:///modules/demo/greeting.txt\"}") + "," +
      file("/out/tree",
           "{\"ensure\":\"directory\",\"recurse\":true,\"source\":\"puppet:///modules/demo/"
           "tree\"}") +
      "," +
      file("/out/multi",
           "{\"source\":[\"puppet:///modules/demo/missing\",\"puppet:///modules/demo/"
           "greeting.txt\"]}") +
      "," +
      file("/out/abs",
           "{\"ensure\":\"absent\",\"source\":\"puppet:///modules/demo/greeting.txt\"}") +
      "," + file("/out/local", "{\"source\":\"/etc/hostname\"}"));
  const std::string owner = std::to_string(::geteuid()), group = std::to_string(::getegid());
  // Puppet's, with its environment path and the server's euid/egid put in.
  EXPECT_EQ(inlined.metadata["/out/greeting.txt"].dump(),
            "{\"path\":\"" + (env_ / "modules/demo/files/greeting.txt").string() +
                "\",\"relative_path\":null,\"links\":\"manage\",\"owner\":" + owner +
                ",\"group\":" + group +
                ",\"mode\":420,\"checksum\":{\"type\":\"sha256\",\"value\":\"{sha256}"
                "c5acc4ae7d85cda11df11e6bc0c06ab55bffbd2b3db121d0a9e3ebb98bd98cac\"},\"type\":"
                "\"file\",\"destination\":null,\"content_uri\":\"puppet:///modules/demo/files/"
                "greeting.txt\",\"source\":\"puppet:///modules/demo/greeting.txt\"}");
  EXPECT_EQ(inlined.metadata["/out/multi"], inlined.metadata["/out/greeting.txt"]);
  EXPECT_FALSE(inlined.metadata.contains("/out/abs"));
  EXPECT_FALSE(inlined.metadata.contains("/out/local"));
  EXPECT_EQ(inlined.metadata.size(), 2u);

  ASSERT_TRUE(inlined.recursive_metadata.contains("/out/tree"));
  const auto& tree = inlined.recursive_metadata["/out/tree"]["puppet:///modules/demo/tree"];
  ASSERT_EQ(tree.size(), 3u);
  std::map<std::string, nlohmann::ordered_json> by_path;
  for (const auto& entry : tree) by_path[entry["relative_path"]] = entry;
  const std::string root = (env_ / "modules/demo/files/tree").string();
  for (const auto& [relative, entry] : by_path) {
    EXPECT_EQ(entry["path"], root) << relative;  // every entry names the root, as Puppet's
    EXPECT_EQ(entry["mode"], 420) << relative;
    EXPECT_FALSE(entry.contains("source")) << relative;
  }
  EXPECT_EQ(by_path["."]["type"], "directory");
  EXPECT_EQ(by_path["."]["checksum"]["type"], "ctime");
  EXPECT_EQ(by_path["."]["content_uri"], "puppet:///modules/demo/files/tree");
  EXPECT_EQ(by_path["sub"]["content_uri"], "puppet:///modules/demo/files/tree/sub");
  EXPECT_EQ(by_path["sub/leaf.txt"]["content_uri"],
            "puppet:///modules/demo/files/tree/sub/leaf.txt");
  EXPECT_EQ(by_path["sub/leaf.txt"]["checksum"]["value"],
            "{sha256}26d0bac9f0c7a35b2f3322a0f4ad4517265f56b2c0f4b2ed7cb5cbd30c5868e2");
}

TEST_F(StaticCatalog, SymbolicLinksAreFollowedBeforeTheEnvironmentCheck) {
  const fs::path outside = env_.string() + "-outside";
  fs::create_directories(outside / "files");
  std::ofstream(outside / "away.txt") << "away\n";
  std::ofstream(outside / "files" / "f.txt") << "f\n";
  const fs::path files = env_ / "modules" / "demo" / "files";
  fs::create_symlink(outside / "away.txt", files / "away.txt");
  fs::create_symlink(files / "greeting.txt", files / "alias.txt");
  fs::create_directory_symlink(outside, env_ / "modules" / "linked");
  InlinedMetadata inlined = inline_for(
      file("/out/greeting", "{\"source\":\"puppet:///modules/demo/greeting.txt\"}") + "," +
      file("/out/away", "{\"source\":\"puppet:///modules/demo/away.txt\"}") + "," +
      file("/out/alias", "{\"source\":\"puppet:///modules/demo/alias.txt\"}") + "," +
      file("/out/linked", "{\"source\":\"puppet:///modules/linked/f.txt\"}") + "," +
      file("/out/greeting-again", "{\"source\":\"puppet:///modules/demo/greeting.txt\"}"));
  fs::remove_all(outside);
  // A file whose link leads out of the environment, or in a module whose directory does, is
  // left to the agent; a link within it is served as the file it names.
  EXPECT_FALSE(inlined.metadata.contains("/out/away"));
  EXPECT_FALSE(inlined.metadata.contains("/out/linked"));
  ASSERT_TRUE(inlined.metadata.contains("/out/alias"));
  EXPECT_EQ(inlined.metadata["/out/alias"]["content_uri"],
            "puppet:///modules/demo/files/greeting.txt");
  EXPECT_EQ(inlined.metadata["/out/greeting"]["content_uri"],
            "puppet:///modules/demo/files/greeting.txt");
  EXPECT_EQ(inlined.metadata["/out/greeting-again"], inlined.metadata["/out/greeting"]);
  EXPECT_EQ(inlined.metadata.size(), 3u);
}

TEST_F(StaticCatalog, MissingSourceFailsTheCompileAsPuppetSaysIt) {
  try {
    inline_for(
        file("/out/x", "{\"source\":[\"puppet:///modules/demo/a\",\"puppet:///modules/demo/b\"]}"));
    FAIL() << "no error";
  } catch (const MissingSourceMetadata& e) {
    EXPECT_STREQ(e.what(),
                 "Could not get metadata for [\"puppet:///modules/demo/a\", "
                 "\"puppet:///modules/demo/b\"]");
  }
  // Recursing, a source that is not there is only not inlined.
  EXPECT_TRUE(
      inline_for(file("/out/y", "{\"recurse\":true,\"source\":\"puppet:///modules/demo/no\"}"))
          .recursive_metadata.empty());
}

TEST_F(StaticCatalog, ChecksumTypeAndStaticPathsAsPuppetserver) {
  EXPECT_EQ(common_checksum_type("sha256.sha384.sha512.sha224.md5"), "sha256");
  EXPECT_EQ(common_checksum_type("sha1.md5"), "md5");
  EXPECT_FALSE(common_checksum_type("sha1.mtime"));
  EXPECT_EQ(known_checksum_types_text(), "[:sha256, :sha384, :sha512, :sha224, :md5]");
  EXPECT_TRUE(valid_static_file_path("modules/demo/files/greeting.txt"));
  EXPECT_TRUE(valid_static_file_path("site/profile/files/motd"));
  EXPECT_FALSE(valid_static_file_path("modules/demo/manifests/init.pp"));
  EXPECT_FALSE(valid_static_file_path("modules/foo/files/bar/../../../.."));
  EXPECT_FALSE(valid_static_file_path("modules/demo/files/"));
}

TEST_F(StaticCatalog, MetadataGoesAfterTheClasses) {
  InlinedMetadata inlined;
  EXPECT_EQ(with_inlined_metadata("{\"classes\":[]}", inlined), "{\"classes\":[]}");
  inlined.metadata["/a"] = {{"k", 1}};
  EXPECT_EQ(with_inlined_metadata("{\"classes\":[]}", inlined),
            "{\"classes\":[],\"metadata\":{\"/a\":{\"k\":1}}}");
}

}  // namespace
}  // namespace marionette::server
