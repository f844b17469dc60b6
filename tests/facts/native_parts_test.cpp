#include "facts/native_parts.hpp"

#include <gtest/gtest.h>

namespace marionette::facts::native {
namespace {

TEST(BytesToHumanReadable, MatchesFacter) {
  const std::pair<std::uint64_t, const char*> cases[] = {{0, "0 bytes"},
                                                         {1023, "1023 bytes"},
                                                         {1024, "1.00 KiB"},
                                                         {1536, "1.50 KiB"},
                                                         {491520, "480.00 KiB"},
                                                         {286068736, "272.82 MiB"},
                                                         {2062905344, "1.92 GiB"},
                                                         {8342278144, "7.77 GiB"},
                                                         {1073741823, "1.00 GiB"},
                                                         {21474836480, "20.00 GiB"},
                                                         {1099511627776, "1.00 TiB"}};
  for (const auto& [bytes, text] : cases) EXPECT_EQ(bytes_to_human_readable(bytes), text) << bytes;
}

TEST(KernelVersion, FromRelease) {
  EXPECT_EQ(kernel_version("6.1.0-27-amd64"), "6.1.0");
  EXPECT_EQ(kernel_version("5.15.0"), "5.15.0");
  EXPECT_EQ(kernel_major_version("6.1.0"), "6.1");
  EXPECT_EQ(kernel_major_version("6"), "6");
}

constexpr const char* kDebian12OsRelease = R"os(PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
VERSION="12 (bookworm)"
VERSION_CODENAME=bookworm
ID=debian
HOME_URL="https://www.debian.org/"
)os";

TEST(OsRelease, Parses) {
  KeyValues values = parse_os_release(kDebian12OsRelease);
  EXPECT_EQ(values["PRETTY_NAME"], "Debian GNU/Linux 12 (bookworm)");
  EXPECT_EQ(values["VERSION_CODENAME"], "bookworm");
  EXPECT_EQ(values["ID"], "debian");
}

TEST(OsFact, Debian12HasFactersShape) {
  Facts os = os_fact(parse_os_release(kDebian12OsRelease), "12.8\n", "x86_64");
  os.erase("selinux");  // depends on the machine
  EXPECT_EQ(os, Facts::parse(R"json({"architecture": "amd64", "family": "Debian",
    "hardware": "x86_64", "name": "Debian", "release": {"full": "12.8", "major": "12",
    "minor": "8"}, "distro": {"codename": "bookworm",
    "description": "Debian GNU/Linux 12 (bookworm)", "id": "Debian",
    "release": {"full": "12.8", "major": "12", "minor": "8"}}})json"));
}

TEST(OsFact, DebianUnstableFallsBackToVersionId) {
  Facts os =
      os_fact(parse_os_release("ID=debian\nVERSION_CODENAME=trixie\n"), "trixie/sid\n", "aarch64");
  EXPECT_FALSE(os.contains("release"));
  EXPECT_EQ(os["architecture"], "arm64");
  EXPECT_EQ(os["distro"]["codename"], "trixie");
}

TEST(OsFact, RedHatFamily) {
  Facts os = os_fact(parse_os_release("ID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"\n"
                                      "VERSION_ID=\"9.3\"\n"),
                     "", "x86_64");
  EXPECT_EQ(os["name"], "Rocky");
  EXPECT_EQ(os["family"], "RedHat");
  EXPECT_EQ(os["architecture"], "x86_64");
  EXPECT_EQ(os["release"], Facts::parse(R"({"full": "9.3", "major": "9", "minor": "3"})"));
}

TEST(DefaultRouteInterface, FindsTheZeroRoute) {
  const char* route =
      "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
      "eth1\t000200C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n"
      "eth0\t00000000\t010200C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n";
  EXPECT_EQ(default_route_interface(route), "eth0");
  EXPECT_EQ(default_route_interface("Iface\tDestination\n"), "");
}

TEST(MeminfoBytes, ReadsKibibytes) {
  const char* meminfo =
      "MemTotal:        8146756 kB\nMemFree:  100 kB\nMemAvailable:   6417404 kB\n";
  EXPECT_EQ(meminfo_bytes(meminfo, "MemTotal"), 8146756ull * 1024);
  EXPECT_EQ(meminfo_bytes(meminfo, "MemAvailable"), 6417404ull * 1024);
  EXPECT_EQ(meminfo_bytes(meminfo, "Mem"), std::nullopt);
  EXPECT_EQ(meminfo_bytes(meminfo, "SwapTotal"), std::nullopt);
}

}  // namespace
}  // namespace marionette::facts::native
