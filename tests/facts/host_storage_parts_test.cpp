#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "facts/native_parts.hpp"

namespace marionette::facts::native {
namespace {

TEST(UptimeFact, BuildsFactersWords) {
  EXPECT_EQ(uptime_fact(4389)["uptime"], "1:13 hours");
  EXPECT_EQ(uptime_fact(59)["uptime"], "0:00 hours");
  EXPECT_EQ(uptime_fact(90000)["uptime"], "1 day");
  Facts nine_days = uptime_fact(9 * 86400 + 5);
  EXPECT_EQ(nine_days["uptime"], "9 days");
  EXPECT_EQ(nine_days["days"], 9);
  EXPECT_EQ(nine_days["hours"], 216);
  EXPECT_EQ(nine_days["seconds"], 9 * 86400 + 5);
}

TEST(DmiFact, ReadsOnlyTheFilesThereAndNamesTheChassis) {
  char name[] = "/tmp/marionette-dmi-XXXXXX";
  ASSERT_NE(::mkdtemp(name), nullptr);
  const std::filesystem::path dir = name;
  std::ofstream(dir / "sys_vendor") << "QEMU\n";
  std::ofstream(dir / "product_name") << "Standard PC (Q35 + ICH9, 2009)\n";
  std::ofstream(dir / "chassis_type") << "1\n";
  std::ofstream(dir / "bios_version") << "1.16.2-debian-1.16.2-1\n";
  const Facts dmi = dmi_fact(dir);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(dmi["manufacturer"], "QEMU");
  EXPECT_EQ(dmi["product"]["name"], "Standard PC (Q35 + ICH9, 2009)");
  EXPECT_EQ(dmi["chassis"]["type"], "Other");
  EXPECT_EQ(dmi["bios"]["version"], "1.16.2-debian-1.16.2-1");
  EXPECT_FALSE(dmi["bios"].contains("vendor"));
  EXPECT_FALSE(dmi.contains("board"));
}

TEST(FilesystemsFact, ListsDeviceFilesystemsSortedWithoutFuseblk) {
  EXPECT_EQ(filesystems_fact("nodev\tsysfs\n\text4\n\tfuseblk\nnodev\tproc\n\tbtrfs\n\txfs\n"),
            "btrfs,ext4,xfs");
}

TEST(UnescapeMountField, DecodesOctalEscapes) {
  EXPECT_EQ(unescape_mount_field("/mnt/my\\040disk"), "/mnt/my disk");
  EXPECT_EQ(unescape_mount_field("/plain"), "/plain");
  EXPECT_EQ(unescape_mount_field("trailing\\04"), "trailing\\04");
}

TEST(FacterFormats, CapacityAndHertz) {
  EXPECT_EQ(capacity_text(1280864256, 25276063744), "5.07%");
  EXPECT_EQ(capacity_text(0, 0), "0.00%");
  EXPECT_EQ(hertz_to_human_readable(2600000000), "2.60 GHz");
  EXPECT_EQ(hertz_to_human_readable(800000000), "800.00 MHz");
  // a half as Ruby's round(2) takes it (2.445 is held as 2.44499…): Facter's 2.45
  EXPECT_EQ(hertz_to_human_readable(2445000000), "2.45 GHz");
}

}  // namespace
}  // namespace marionette::facts::native
