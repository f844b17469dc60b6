#include <gtest/gtest.h>

#include "facts/native_parts.hpp"
#include "fixture_dir.hpp"

/// partitions from a fixture /sys, udev database and /dev/disk, as Facter 4 lists them.
namespace marionette::facts::native {
namespace {

using testing::FixtureDir;

TEST(PartitionsFact, DiskPartitionsDeviceMapperAndLoopDevices) {
  FixtureDir root;
  root.write("sys/block/sda/device/model", "disk\n");
  root.write("sys/block/sda/size", "1000\n");
  root.write("sys/block/sda/queue/rotational", "1\n");  // not a partition: no "sda" in its name
  root.write("sys/block/sda/sda1/size", "2048\n");
  root.write("sys/block/sda/sda1/dev", "8:1\n");
  root.write("sys/block/sda/sda2/size", "4096\n");
  root.write("sys/block/dm-0/dm/name", "vg0-root\n");
  root.write("sys/block/dm-0/size", "8192\n");
  root.write("sys/block/loop0/loop/backing_file", "/var/lib/image.img\n");
  root.write("sys/block/loop0/size", "16\n");
  root.write("sys/block/loop1/size", "0\n");  // not attached: no loop/
  root.write("run/udev/data/b8:1", "E:ID_FS_TYPE=ext4\nE:ID_FS_UUID=1234-abcd\n");
  std::filesystem::create_directories(root.path() / "dev/disk/by-uuid");
  std::filesystem::create_symlink("../../sda1", root.path() / "dev/disk/by-uuid/1234-abcd");
  const std::vector<Mount> mounts = {{"/dev/sda1", "/", "ext4", "rw"},
                                     {"/dev/sda1", "/srv", "ext4", "rw"},
                                     {"/dev/mapper/vg0-root", "/proc/x", "ext4", "rw"}};

  const Facts partitions =
      sorted_facts(partitions_fact(root.path() / "sys/block", {"sda"}, mounts,
                                   root.path() / "run/udev/data", root.path() / "dev/disk"));
  EXPECT_EQ(partitions, Facts::parse(R"({
    "/dev/loop0": {"backing_file": "/var/lib/image.img", "size": "8.00 KiB", "size_bytes": 8192},
    "/dev/mapper/vg0-root": {"size": "4.00 MiB", "size_bytes": 4194304},
    "/dev/sda1": {"filesystem": "ext4", "mount": "/", "size": "1.00 MiB", "size_bytes": 1048576,
                  "uuid": "1234-abcd"},
    "/dev/sda2": {"size": "2.00 MiB", "size_bytes": 2097152}})"));
}

}  // namespace
}  // namespace marionette::facts::native
