#include <gtest/gtest.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <map>

#include "facts/facts.hpp"

namespace marionette::facts {
namespace {

/// /etc/os-release read here independently of the code under test.
std::map<std::string, std::string> os_release() {
  std::map<std::string, std::string> values;
  std::ifstream in("/etc/os-release");
  for (std::string line; std::getline(in, line);) {
    auto equals = line.find('=');
    if (equals == std::string::npos) continue;
    std::string value = line.substr(equals + 1);
    if (value.size() >= 2 && value.front() == '"') value = value.substr(1, value.size() - 2);
    values[line.substr(0, equals)] = value;
  }
  return values;
}

class NativeFacts : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { facts_ = new Facts(gather_native()); }
  static void TearDownTestSuite() { delete facts_; }
  const Facts& facts() const { return *facts_; }
  static Facts* facts_;
};
Facts* NativeFacts::facts_ = nullptr;

TEST_F(NativeFacts, HaveFactersNamesAndTypes) {
  const auto& f = facts();
  for (const char* name :
       {"kernel", "kernelrelease", "kernelversion", "kernelmajversion", "architecture",
        "hardwaremodel", "osfamily", "operatingsystem", "hostname", "fqdn", "path", "timezone",
        "facterversion", "puppetversion"}) {
    ASSERT_TRUE(f.contains(name)) << name;
    EXPECT_TRUE(f[name].is_string()) << name;
  }
  for (const char* name : {"name", "family", "architecture", "hardware"}) {
    EXPECT_TRUE(f["os"][name].is_string()) << name;
  }
  EXPECT_TRUE(f["os"]["distro"]["codename"].is_string());
  EXPECT_TRUE(f["os"]["selinux"]["enabled"].is_boolean());
  EXPECT_TRUE(f["networking"]["hostname"].is_string());
  EXPECT_TRUE(f["networking"]["interfaces"].is_object());
  EXPECT_TRUE(f["processors"]["count"].is_number_integer());
  EXPECT_TRUE(f["processors"]["models"].is_array());
  EXPECT_TRUE(f["processorcount"].is_number_integer());
  EXPECT_TRUE(f["memory"]["system"]["total_bytes"].is_number_unsigned());
  EXPECT_TRUE(f["memory"]["system"]["total"].is_string());
  EXPECT_TRUE(f["memorysize_mb"].is_number_float());
  EXPECT_TRUE(f["identity"]["uid"].is_number_integer());
  EXPECT_TRUE(f["identity"]["privileged"].is_boolean());
  EXPECT_EQ(f["facterversion"], "4.3.0");
  EXPECT_EQ(f["puppetversion"], "7.23.0");
}

TEST_F(NativeFacts, AgreeWithUname) {
  utsname names{};
  ASSERT_EQ(::uname(&names), 0);
  EXPECT_EQ(facts()["kernel"], names.sysname);
  EXPECT_EQ(facts()["kernelrelease"], names.release);
  EXPECT_EQ(facts()["hardwaremodel"], names.machine);
  EXPECT_EQ(facts()["os"]["hardware"], names.machine);
  EXPECT_TRUE(std::string(names.release).starts_with(facts()["kernelversion"].get<std::string>()));
}

TEST_F(NativeFacts, AgreeWithOsRelease) {
  auto values = os_release();
  if (values.empty()) GTEST_SKIP() << "no /etc/os-release";
  EXPECT_EQ(facts()["os"]["distro"]["description"], values["PRETTY_NAME"]);
  EXPECT_EQ(facts()["os"]["distro"]["codename"], values["VERSION_CODENAME"]);
  if (values["ID"] == "debian") {
    EXPECT_EQ(facts()["os"]["name"], "Debian");
    EXPECT_EQ(facts()["os"]["family"], "Debian");
    EXPECT_EQ(facts()["os"]["release"]["major"], values["VERSION_ID"]);
  }
  EXPECT_EQ(facts()["osfamily"], facts()["os"]["family"]);
  EXPECT_EQ(facts()["operatingsystem"], facts()["os"]["name"]);
  EXPECT_EQ(facts()["architecture"], facts()["os"]["architecture"]);
}

TEST_F(NativeFacts, AgreeWithTheSystem) {
  char host[256] = {};
  ASSERT_EQ(::gethostname(host, sizeof host - 1), 0);
  std::string short_name = std::string(host).substr(0, std::string(host).find('.'));
  EXPECT_EQ(facts()["hostname"], short_name);
  EXPECT_EQ(facts()["networking"]["hostname"], short_name);
  EXPECT_TRUE(facts()["fqdn"].get<std::string>().starts_with(short_name));
  EXPECT_EQ(facts()["processors"]["count"], ::sysconf(_SC_NPROCESSORS_ONLN));
  EXPECT_EQ(facts()["identity"]["uid"], ::geteuid());
  EXPECT_EQ(facts()["identity"]["privileged"], ::geteuid() == 0);
  EXPECT_EQ(facts()["memory"]["system"]["total_bytes"].get<std::uint64_t>() % 1024, 0u);
}

TEST(GatherNative, TakesMilliseconds) {
  const auto started = std::chrono::steady_clock::now();
  gather_native();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(500));
}

}  // namespace
}  // namespace marionette::facts
