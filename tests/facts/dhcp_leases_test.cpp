#include <gtest/gtest.h>

#include "facts/native_parts.hpp"
#include "fixture_dir.hpp"

/// The DHCP server of an interface, found in lease files under a fixture root as Facter does.
namespace marionette::facts::native {
namespace {

using testing::FixtureDir;

RunCommand no_command() {
  return [](const std::vector<std::string>& argv) -> std::string {
    ADD_FAILURE() << "unexpected command " << argv[0];
    return "";
  };
}

TEST(LeaseValue, TakesTheRestOfTheLine) {
  EXPECT_EQ(lease_value("ADDRESS=10.0.0.5\nSERVER_ADDRESS=10.0.0.1\nT1=300\n", "SERVER_ADDRESS"),
            "10.0.0.1");
  EXPECT_EQ(lease_value("SERVER_ADDRESS=192.168.1.1", "SERVER_ADDRESS"), "192.168.1.1");
  EXPECT_EQ(lease_value("ADDRESS=10.0.0.5\n", "SERVER_ADDRESS"), "");
}

TEST(DhcpLeases, SystemdNetworkdLeaseByInterfaceIndexComesFirst) {
  FixtureDir root;
  root.write("run/systemd/netif/leases/2",
             "# This is private data.\nADDRESS=10.1.0.7\n"
             "SERVER_ADDRESS=10.1.0.1\nROUTER=10.1.0.254\n");
  root.write("var/lib/dhcp/dhclient.eth0.leases",
             "lease {\n  interface \"eth0\";\n  option dhcp-server-identifier 10.9.9.9;\n}\n");
  DhcpLeases leases(root.path(), no_command(), "");
  EXPECT_EQ(leases.server_for("eth0", 2), "10.1.0.1");
  EXPECT_EQ(leases.server_for("eth0", 3), "10.9.9.9");  // no networkd lease for index 3
}

TEST(DhcpLeases, DhclientLeaseMustNameTheInterface) {
  FixtureDir root;
  root.write("var/lib/dhcp/dhclient.leases",
             "lease {\n  interface \"eth1\";\n  fixed-address 192.168.5.20;\n"
             "  option dhcp-server-identifier 192.168.5.1;\n  option routers 192.168.5.254;\n}\n");
  root.write("var/lib/dhcp/other.leases",
             "lease {\n  interface \"eth2\";\n  option dhcp-server-identifier 1.2.3.4;\n}\n");
  DhcpLeases leases(root.path(), no_command(), "");
  EXPECT_EQ(leases.server_for("eth1", 0), "192.168.5.1");
  // other.leases is not a dhclient*.lease* file
  EXPECT_EQ(leases.server_for("eth2", 0), "");
}

TEST(DhcpLeases, NetworkManagerInternalLease) {
  FixtureDir root;
  root.write("var/lib/NetworkManager/internal-3f1e-wlan0.lease",
             "ADDRESS=172.16.0.9\nSERVER_ADDRESS=172.16.0.1\n");
  root.write("var/lib/NetworkManager/NetworkManager.state", "[main]\n");
  DhcpLeases leases(root.path(), no_command(), "");
  EXPECT_EQ(leases.server_for("wlan0", 4), "172.16.0.1");
  EXPECT_EQ(leases.server_for("eth0", 1), "");
}

TEST(DhcpLeases, AsksDhcpcdLastWhenItIsInPath) {
  FixtureDir root;
  const auto bin = root.path() / "bin";
  root.write("bin/dhcpcd", "#!/bin/sh\n", true);
  std::vector<std::vector<std::string>> commands;
  DhcpLeases leases(
      root.path(),
      [&](const std::vector<std::string>& argv) {
        commands.push_back(argv);
        return std::string("ip_address='10.4.0.3'\ndhcp_server_identifier='10.4.0.1'\n");
      },
      "/nonexistent:" + bin.string());
  EXPECT_EQ(leases.server_for("enp1s0", 2), "10.4.0.1");
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_EQ(commands[0], (std::vector<std::string>{(bin / "dhcpcd").string(), "-U", "enp1s0"}));

  DhcpLeases without(root.path(), no_command(), "/nonexistent");
  EXPECT_EQ(without.server_for("enp1s0", 2), "");
}

}  // namespace
}  // namespace marionette::facts::native
