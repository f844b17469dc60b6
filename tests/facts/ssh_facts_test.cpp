#include <gtest/gtest.h>

#include "facts/native_parts.hpp"
#include "fixture_dir.hpp"

/// ssh: host keys and SSHFP fingerprints (checked against `ssh-keygen -r`) from fixture dirs.
namespace marionette::facts::native {
namespace {

using testing::FixtureDir;

constexpr const char* kEd25519 =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPSCWASQyim3z5wTaivwdm1QTVpFtOegLi983lpooaog "
    "root@fixture\n";

TEST(SshFact, KeysWithSshfpFingerprints) {
  FixtureDir root;
  root.write("etc/ssh/ssh_host_ed25519_key.pub", kEd25519);
  // Facter knows only nistp256 among the ECDSA keys: this one is left out
  root.write("etc/ssh/ssh_host_ecdsa_key.pub",
             "ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBNQGDPQMjy"
             "YPHPTgLXdudMWjc+yrwZkOD5ATL+Gpg+P0kVXvOCkGxo8ob46tHm91GflBqbT82xNBK2YT4GAhgln95S1zY"
             "quBYHJnbYvOHq3ID0x617p9IAv42+fg687IAA== root@vm\n");
  const Facts ssh = ssh_fact({root.path() / "etc/ssh", root.path() / "usr/local/etc/ssh"});
  ASSERT_EQ(ssh.size(), 1u) << ssh.dump();
  const Facts& ed25519 = ssh["ed25519"];
  EXPECT_EQ(ed25519["type"], "ssh-ed25519");
  EXPECT_EQ(ed25519["key"], "AAAAC3NzaC1lZDI1NTE5AAAAIPSCWASQyim3z5wTaivwdm1QTVpFtOegLi983lpooaog");
  // ssh-keygen -r fixture -f key.pub
  EXPECT_EQ(ed25519["fingerprints"]["sha1"], "SSHFP 4 1 98f58e15da416392bfc74115f76be671f4e7fe4d");
  EXPECT_EQ(ed25519["fingerprints"]["sha256"],
            "SSHFP 4 2 fdf400d1fecbd51421a3ffe717ad67b2d137ba327527c2722a0442cabb1a4c63");
}

TEST(SshFact, LaterDirectoryReplacesAKeyOfTheSameName) {
  FixtureDir root;
  root.write("etc/ssh/ssh_host_ed25519_key.pub", "ssh-ed25519 AAAA root@old\n");
  root.write("etc/ssh_host_ed25519_key.pub", kEd25519);
  const Facts ssh = ssh_fact({root.path() / "etc/ssh", root.path() / "etc"});
  EXPECT_EQ(ssh["ed25519"]["key"],
            "AAAAC3NzaC1lZDI1NTE5AAAAIPSCWASQyim3z5wTaivwdm1QTVpFtOegLi983lpooaog");
  EXPECT_TRUE(ssh_fact({root.path() / "nowhere"}).empty());
}

}  // namespace
}  // namespace marionette::facts::native
