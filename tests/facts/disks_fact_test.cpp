#include <gtest/gtest.h>

#include "facts/native_parts.hpp"
#include "fixture_dir.hpp"

/// disks from a fixture /sys and udev database: serial and wwn as lsblk gives them to Facter.
namespace marionette::facts::native {
namespace {

using testing::FixtureDir;

class DisksFact : public ::testing::Test {
 protected:
  void SetUp() override {
    root_.write("sys/block/sda/device/model", "Samsung SSD 870\n");
    root_.write("sys/block/sda/device/vendor", "ATA     \n");
    root_.write("sys/block/sda/size", "1953525168\n");
    root_.write("sys/block/sda/queue/rotational", "0\n");
    root_.write("sys/block/sda/dev", "8:0\n");
    root_.write("run/udev/data/b8:0",
                "S:disk/by-id/ata-Samsung_SSD_870_S5Y1NX0R123456\nE:ID_SERIAL=Samsung_SSD_870_"
                "S5Y1NX0R123456\nE:ID_SERIAL_SHORT=S5Y1NX0R123456\nE:ID_WWN=0x5002538f4132a1b2\n"
                "E:ID_WWN_WITH_EXTENSION=0x5002538f4132a1b2\nG:systemd\n");
    root_.write("sys/block/nvme0n1/device/model", "WDC PC SN730\n");
    root_.write("sys/block/nvme0n1/device/serial", "  20253Q801234   \n");
    root_.write("sys/block/nvme0n1/size", "1000215216\n");
    root_.write("sys/block/nvme0n1/queue/rotational", "0\n");
    root_.write("sys/block/nvme0n1/dev", "259:0\n");
    root_.write("sys/block/vdb/device/vendor", "0x1af4\n");
    root_.write("sys/block/vdb/size", "2097152\n");
    root_.write("sys/block/vdb/dev", "254:16\n");
    root_.write("run/udev/data/b254:16", "E:ID_SERIAL=virtio  disk   42\n");
    root_.write("sys/block/loop0/size", "0\n");  // virtual: no device
    root_.write("sys/devices/virtual/block/loop0/size", "0\n");
  }
  FixtureDir root_;
};

TEST_F(DisksFact, ListsOnlyDevicesWithADevice) {
  EXPECT_EQ(disk_names(root_.path() / "sys/block"),
            (std::vector<std::string>{"nvme0n1", "sda", "vdb"}));
}

TEST_F(DisksFact, SerialAndWwnFromUdevElseSysfs) {
  const auto sys_block = root_.path() / "sys/block";
  const Facts disks = disks_fact(sys_block, disk_names(sys_block), root_.path() / "run/udev/data");
  EXPECT_EQ(sorted_facts(disks["sda"]),
            Facts::parse(R"({"model": "Samsung SSD 870", "serial": "S5Y1NX0R123456",
    "size": "931.51 GiB", "size_bytes": 1000204886016, "type": "ssd", "vendor": "ATA",
    "wwn": "0x5002538f4132a1b2"})"));
  // no udev entry: the controller's serial in sysfs, trimmed; no wwn
  EXPECT_EQ(disks["nvme0n1"]["serial"], "20253Q801234");
  EXPECT_FALSE(disks["nvme0n1"].contains("wwn"));
  // ID_SERIAL with its blanks made single, as util-linux normalises them
  EXPECT_EQ(disks["vdb"]["serial"], "virtio disk 42");
  EXPECT_FALSE(disks["vdb"].contains("type"));
  EXPECT_FALSE(disks.contains("loop0"));
}

}  // namespace
}  // namespace marionette::facts::native
