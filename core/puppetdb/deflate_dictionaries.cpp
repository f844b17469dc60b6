#include "puppetdb/stored_text.hpp"

namespace marionette::puppetdb {

// The preset dictionaries of stored_text. A stored value names its dictionary by the Adler-32
// of its bytes (zlib's DICTID), so these bytes never change once a build has stored with them:
// a better dictionary is a new one, added beside (json_text keeps reading the old).

std::string_view facts_dictionary() {
  // The names and common values of Facter 4's core facts, and of the legacy facts, as
  // nlohmann's dump writes an object (no spaces), by name: what is left for deflate to code is
  // mostly a node's own values (addresses, sizes, UUIDs, keys). A node's values of 5.6 KB
  // (bench/puppetdb_bench_fleet.py) deflate to 1.7 KB alone, 0.8 KB with it.
  static constexpr std::string_view text =
      R"dict({"aio_agent_version":"","augeas":{"version":"1.14.0"},"disks":{"sda":{"model":"","serial":"")dict"
      R"dict(,"size":"","size_bytes":,"type":"ssd","vendor":"ATA"},"nvme0n1":{},"vda":{"type":"hdd","vend)dict"
      R"dict(or":"0x1af4"}},"dmi":{"bios":{"release_date":"","vendor":"","version":""},"board":{"manufact)dict"
      R"dict(urer":"","product":"","serial_number":""},"chassis":{"asset_tag":"","type":"Other"},"manufac)dict"
      R"dict(turer":"QEMU","product":{"name":"Standard PC (Q35 + ICH9, 2009)","serial_number":"","uuid":")dict"
      R"dict("}},"facterversion":"4.","filesystems":"btrfs,ext2,ext3,ext4,vfat,xfs","fips_enabled":false,)dict"
      R"dict("hypervisors":{"kvm":{},"vmware":{},"docker":{},"lxc":{}},"identity":{"gid":0,"group":"root")dict"
      R"dict(,"privileged":true,"uid":0,"user":"root"},"is_virtual":true,"kernel":"Linux","kernelmajversi)dict"
      R"dict(on":"","kernelrelease":"","kernelversion":"","load_averages":{"15m":,"1m":,"5m":},"memory":{)dict"
      R"dict("swap":{"available":"","available_bytes":,"capacity":"","total":"","total_bytes":,"used":"0 )dict"
      R"dict(bytes","used_bytes":0},"system":{"available":" GiB","available_bytes":,"capacity":"%","total)dict"
      R"dict(":" GiB","total_bytes":,"used":" GiB","used_bytes":}},"mountpoints":{"/":{"available":" GiB")dict"
      R"dict(,"available_bytes":,"capacity":"%","device":"/dev/sda1","filesystem":"ext4","options":["rw",)dict"
      R"dict("relatime","errors=remount-ro"],"size":" GiB","size_bytes":,"used":" GiB","used_bytes":},"/b)dict"
      R"dict(oot":{},"/boot/efi":{"filesystem":"vfat","options":["rw","relatime","fmask=0077","dmask=0077)dict"
      R"dict(","codepage=437","iocharset=ascii","shortname=mixed","utf8"]},"/dev/shm":{"device":"tmpfs",")dict"
      R"dict(filesystem":"tmpfs","options":["rw","nosuid","nodev","noexec","relatime","size=","mode=755"])dict"
      R"dict(},"/run":{},"/run/lock":{},"/sys/fs/cgroup":{}},"networking":{"dhcp":"","domain":"","fqdn":")dict"
      R"dict(","hostname":"","interfaces":{"docker0":{},"ens3":{},"ens192":{},"eth0":{"bindings":[{"addre)dict"
      R"dict(ss":"","netmask":"255.255.255.0","network":""}],"bindings6":[{"address":"fe80::","netmask":")dict"
      R"dict(ffff:ffff:ffff:ffff::","network":"fe80::","scope6":"link"}],"dhcp":"","ip":"","ip6":"fe80::")dict"
      R"dict(,"mac":"52:54:00:","mtu":1500,"netmask":"255.255.255.0","netmask6":"ffff:ffff:ffff:ffff::",")dict"
      R"dict(network":"","network6":"fe80::","operational_state":"up","physical":true,"scope6":"link","sp)dict"
      R"dict(eed":10000},"lo":{"bindings":[{"address":"127.0.0.1","netmask":"255.0.0.0","network":"127.0.)dict"
      R"dict(0.0"}],"bindings6":[{"address":"::1","netmask":"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff","ne)dict"
      R"dict(twork":"::1","scope6":"host"}],"ip":"127.0.0.1","ip6":"::1","mac":"00:00:00:00:00:00","mtu":)dict"
      R"dict(65536,"netmask":"255.0.0.0","netmask6":"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff","network":")dict"
      R"dict(127.0.0.0","network6":"::1","operational_state":"unknown","physical":false,"scope6":"host"}})dict"
      R"dict(,"ip":"","ip6":"","mac":"","mtu":1500,"netmask":"255.255.255.0","netmask6":"ffff:ffff:ffff:f)dict"
      R"dict(fff::","network":"","network6":"fe80::","primary":"eth0","scope6":"link"},"os":{"architectur)dict"
      R"dict(e":"amd64","distro":{"codename":"bookworm","description":"Debian GNU/Linux 12 (bookworm)","i)dict"
      R"dict(d":"Debian","release":{"full":"12","major":"12"}},"family":"RedHat","hardware":"x86_64","nam)dict"
      R"dict(e":"CentOS","release":{"full":"","major":"","minor":""},"selinux":{"config_mode":"enforcing")dict"
      R"dict(,"config_policy":"targeted","current_mode":"enforcing","enabled":false,"enforced":false,"pol)dict"
      R"dict(icy_version":"33"}},"os":{"architecture":"x86_64","distro":{"codename":"jammy","description")dict"
      R"dict(:"Ubuntu 22.04 LTS","id":"Ubuntu","release":{"full":"22.04","major":"22.04"}},"family":"Debi)dict"
      R"dict(an","hardware":"x86_64","name":"Ubuntu","release":{"full":"","major":"","minor":""},"selinux)dict"
      R"dict(":{"enabled":false}},"partitions":{"/dev/sda1":{"filesystem":"ext4","label":"","mount":"/",")dict"
      R"dict(partlabel":"","partuuid":"","size":" GiB","size_bytes":,"uuid":""}},"path":"/usr/local/sbin:)dict"
      R"dict(/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin","processors":{"cores":,"count":,"isa":"x86_64")dict"
      R"dict(,"models":["Intel(R) Xeon(R) CPU @ 2.","AMD EPYC"],"physicalcount":1,"speed":" GHz","threads)dict"
      R"dict(":1},"puppetversion":"7.","ruby":{"platform":"x86_64-linux-gnu","sitedir":"/usr/local/lib/si)dict"
      R"dict(te_ruby/3.1.0","version":"3.1."},"ssh":{"ecdsa":{"fingerprints":{"sha1":"SSHFP 3 1 ","sha256)dict"
      R"dict(":"SSHFP 3 2 "},"key":"AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB","type":"ecdsa-)dict"
      R"dict(sha2-nistp256"},"ed25519":{"fingerprints":{"sha1":"SSHFP 4 1 ","sha256":"SSHFP 4 2 "},"key":)dict"
      R"dict("AAAAC3NzaC1lZDI1NTE5AAAAI","type":"ssh-ed25519"},"rsa":{"fingerprints":{"sha1":"SSHFP 1 1 ")dict"
      R"dict(,"sha256":"SSHFP 1 2 "},"key":"AAAAB3NzaC1yc2EAAAADAQABAAABgQ","type":"ssh-rsa"}},"system_up)dict"
      R"dict(time":{"days":,"hours":,"seconds":,"uptime":" days"},"timezone":"UTC","trusted":{"authentica)dict"
      R"dict(ted":"remote","certname":"","domain":"","extensions":{"pp_role":"","pp_datacenter":"","pp_en)dict"
      R"dict(vironment":""},"external":{},"hostname":""},"virtual":"kvm","physical","vmware","docker","ip)dict"
      R"dict(address":"","ipaddress6":"","macaddress":"","netmask":"","network":"","uptime":"","uptime_da)dict"
      R"dict(ys":,"uptime_hours":,"uptime_seconds":,"processorcount":,"physicalprocessorcount":,"memorysi)dict"
      R"dict(ze":"","memoryfree":"","hostname":"","fqdn":"","domain":"","operatingsystem":"","operatingsy)dict"
      R"dict(stemrelease":"","osfamily":"","architecture":"","hardwaremodel":"","blockdevices":"","swapsi)dict"
      R"dict(ze":"","clientcert":"","clientversion":"","clientnoop":false,"server_facts":{}})dict";
  return text;
}

}  // namespace marionette::puppetdb
