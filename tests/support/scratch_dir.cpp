#include "support/scratch_dir.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace marionette::testing {

ScratchDir::ScratchDir(std::string_view name) {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string leaf = "marionette-" + std::string(name) + "-" + std::to_string(::getpid());
  if (test != nullptr) leaf += std::string("-") + test->name();
  for (char& c : leaf)
    if (c == '/') c = '_';  // a parameterised test's name has one
  path_ = std::filesystem::temp_directory_path() / leaf;
  std::filesystem::remove_all(path_);
  std::filesystem::create_directories(path_);
}

ScratchDir::~ScratchDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::filesystem::path ScratchDir::write(const std::filesystem::path& relative,
                                        std::string_view text) const {
  std::filesystem::path file = path_ / relative;
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

std::string ScratchDir::read(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace marionette::testing
