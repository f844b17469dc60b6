#include "storage/durable_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

std::atomic<int> files_synced{0};
std::atomic<int> directories_synced{0};

}  // namespace

/// The test's own fsync (it comes before libc's in the link): counts what is synced, then
/// syncs it.
extern "C" int fsync(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    ++directories_synced;
  else
    ++files_synced;
  return static_cast<int>(::syscall(SYS_fsync, fd));
}

namespace marionette::storage {
namespace {

class DurableFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = "/tmp/marionette-storage-XXXXXX";
    dir_ = ::mkdtemp(pattern.data());
    files_synced = 0;
    directories_synced = 0;
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  std::string read(const std::filesystem::path& path) {
    std::string content, error;
    EXPECT_TRUE(read_file(path, &content, &error)) << error;
    return content;
  }
  std::size_t entries() {
    return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir_),
                                                  std::filesystem::directory_iterator()));
  }
  std::filesystem::path dir_;
};

TEST_F(DurableFileTest, ReplacingSyncsTheFileAndTheDirectoryByDefault) {
  std::string error;
  ASSERT_TRUE(write_file_atomically(dir_ / "ca_crl.pem", "one", &error)) << error;
  ASSERT_TRUE(write_file_atomically(dir_ / "ca_crl.pem", "two", &error)) << error;
  EXPECT_EQ(read(dir_ / "ca_crl.pem"), "two");
  EXPECT_EQ(entries(), 1u);  // no temporary left beside it
  EXPECT_EQ(files_synced, 2);
  EXPECT_EQ(directories_synced, 2);
}

TEST_F(DurableFileTest, FileDataSyncsTheFileAndNotItsDirectoryAsPuppetsReportStore) {
  std::string error;
  ASSERT_TRUE(write_file_atomically(dir_ / "202611301415.json", "{\"host\":\"a\"}", &error,
                                    Durability::file_data))
      << error;
  EXPECT_EQ(read(dir_ / "202611301415.json"), "{\"host\":\"a\"}");
  EXPECT_EQ(entries(), 1u);
  EXPECT_EQ(files_synced, 1);
  EXPECT_EQ(directories_synced, 0);
}

TEST_F(DurableFileTest, FileDataStillReportsAFailureAndLeavesNoTemporary) {
  std::string error;
  EXPECT_FALSE(
      write_file_atomically(dir_ / "missing" / "r.json", "x", &error, Durability::file_data));
  EXPECT_NE(error.find("cannot create"), std::string::npos) << error;
  EXPECT_EQ(entries(), 0u);
}

}  // namespace
}  // namespace marionette::storage
