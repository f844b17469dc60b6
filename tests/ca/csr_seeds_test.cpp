// The CSR fuzzer's seeds (tests/fuzz/seeds-csr, and the crashes it found, kept there as
// regression-*) through the same reader in the normal build: each ends as the fuzzer's harness
// says, and the well-formed ones as puppetserver would treat them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include "fuzz/csr_input.hpp"

namespace marionette::ca {
namespace {

int outcome_of(const std::filesystem::path& seed) {
  std::ifstream in(seed, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return fuzzing::read_csr_input(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

TEST(CsrSeeds, EverySeedIsReadOrRefusedWithoutHarm) {
  // 2 issued, 1 read but refused for signing, 0 refused as it was read.
  const std::map<std::string, int> expected = {
      {"plain.pem", 2},
      {"plain.der", 2},
      {"role.pem", 2},
      {"cli_auth.pem", 1},
      {"cli_auth_allowed.pem", 1},
      {"auth_role.pem", 1},
      {"auth_role_allowed.pem", 2},
      {"alt_names.pem", 1},
      {"alt_names_allowed.pem", 2},
      {"two_cns.pem", 2},
      {"ca.pem", 0},
      {"upper.pem", 0},
      {"truncated.pem", 0},
      {"not_a_csr.der", 0},
  };
  std::size_t seeds = 0;
  for (const auto& entry : std::filesystem::directory_iterator(MARIONETTE_CSR_SEEDS_DIR)) {
    ++seeds;
    const std::string name = entry.path().filename().string();
    int outcome = outcome_of(entry.path());
    auto known = expected.find(name);
    if (known != expected.end()) {
      EXPECT_EQ(outcome, known->second) << name;
    }
  }
  EXPECT_GE(seeds, expected.size());
}

}  // namespace
}  // namespace marionette::ca
