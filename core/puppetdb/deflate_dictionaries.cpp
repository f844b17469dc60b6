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

std::string_view catalog_dictionary() {
  // A resource group's tuples ([title, tags, exported, file, line, parameters]) and the edges,
  // as FleetData stores them: Puppet's core types' common parameters and values, the paths of
  // a control repository's manifests, the relationships PuppetDB names.
  static constexpr std::string_view text =
      R"dict([["main",["stage"],false,null,null,{"name":"main"}]][["Settings",["class","settings"],false,)dict"
      R"dict(null,null,{}],["main",["class"],false,null,null,{"name":"main"}]]{"ensure":"directory","owne)dict"
      R"dict(r":"root","group":"root","mode":"0755","recurse":true,"purge":true,"force":true,"backup":fal)dict"
      R"dict(se,"replace":true,"source":"puppet:///modules/","target":"","links":"follow","checksum":"sha)dict"
      R"dict(256","validate_cmd":"","show_diff":false,"seltype":"etc_t","selinux_ignore_defaults":true}{")dict"
      R"dict(ensure":"link","target":"/etc/"}{"ensure":"absent"}{"ensure":"present","uid":,"gid":,"groups)dict"
      R"dict(":[],"comment":"","shell":"/bin/bash","home":"/home/","managehome":true,"password":"!","purg)dict"
      R"dict(e_ssh_keys":true,"system":false,"membership":"minimum"}{"ensure":"installed","provider":"apt)dict"
      R"dict("}{"ensure":"latest","provider":"yum"}{"ensure":"running","enable":true,"hasstatus":true,"ha)dict"
      R"dict(srestart":true,"provider":"systemd"}{"ensure":"stopped","enable":false}{"command":"/usr/bin/)dict"
      R"dict(","path":["/usr/bin","/usr/sbin","/bin","/sbin"],"refreshonly":true,"unless":"","onlyif":"",)dict"
      R"dict("creates":"","logoutput":"on_failure","user":"root","cwd":"/","timeout":300,"environment":[])dict"
      R"dict(,"returns":[0]}{"command":"/usr/local/bin/","user":"root","hour":0,"minute":0,"weekday":"*",)dict"
      R"dict("monthday":"*","month":"*","environment":"PATH=/usr/bin:/bin"}{"ensure":"file","owner":"root)dict"
      R"dict(","group":"root","mode":"0600","require":"User[","before":"Service[","subscribe":"Package[",)dict"
      R"dict("notify":"Service[","content":"# This file is managed by Puppet. DO NOT EDIT.\n"},["file","c)dict"
      R"dict(lass","profile","role","profile::base","role::","package","service","user","group","exec","c)dict"
      R"dict(ron","concat","concat_fragment","node","default","settings","main","stage"],false,"/etc/pupp)dict"
      R"dict(etlabs/code/environments/production/site/profile/manifests/","/etc/puppetlabs/code/environme)dict"
      R"dict(nts/production/site/role/manifests/","/etc/puppetlabs/code/environments/production/modules/")dict"
      R"dict(,"/manifests/init.pp",{"relationship":"before","source":{"title":"","type":"Package"},"targe)dict"
      R"dict(t":{"title":"","type":"Service"}},{"relationship":"notifies","source":{"title":"","type":"Fi)dict"
      R"dict(le"},"target":{"title":"","type":"Service"}},{"relationship":"required-by","source":{"title")dict"
      R"dict(:"","type":"User"},"target":{"title":"","type":"File"}},{"relationship":"subscription-of","s)dict"
      R"dict(ource":{"title":"","type":"File"},"target":{"title":"","type":"Exec"}},{"relationship":"cont)dict"
      R"dict(ains","source":{"title":"main","type":"Stage"},"target":{"title":"Settings","type":"Class"}})dict"
      R"dict(,{"relationship":"contains","source":{"title":"main","type":"Stage"},"target":{"title":"main)dict"
      R"dict(","type":"Class"}},{"relationship":"contains","source":{"title":"","type":"Class"},"target":)dict"
      R"dict({"title":"","type":"File"}})dict";
  return text;
}

std::string_view documents_dictionary() {
  // A report as store report v8 sends it, with Puppet's metrics and the agent's usual log
  // lines; the catalog's and the facts' headers; the node's document, last (read by every
  // query). Keys in nlohmann's order, as FleetData dumps them.
  static constexpr std::string_view text =
      R"dict({"cached_catalog_status":"not_used","catalog_uuid":"","certname":"","code_id":null,"configur)dict"
      R"dict(ation_version":"","corrective_change":false,"end_time":"","environment":"production","hash":)dict"
      R"dict("","job_id":null,"logs":[{"file":null,"level":"info","line":null,"message":"Using environmen)dict"
      R"dict(t 'production'","source":"Puppet","tags":["info"],"time":""},{"file":null,"level":"info","li)dict"
      R"dict(ne":null,"message":"Retrieving pluginfacts","source":"Puppet","tags":["info"],"time":""},{"f)dict"
      R"dict(ile":null,"level":"info","line":null,"message":"Retrieving plugin","source":"Puppet","tags":)dict"
      R"dict(["info"],"time":""},{"file":null,"level":"info","line":null,"message":"Loading facts","sourc)dict"
      R"dict(e":"Puppet","tags":["info"],"time":""},{"file":null,"level":"info","line":null,"message":"Ca)dict"
      R"dict(ching catalog for ","source":"Puppet","tags":["info"],"time":""},{"file":null,"level":"info")dict"
      R"dict(,"line":null,"message":"Applying configuration version '","source":"Puppet","tags":["info"],)dict"
      R"dict("time":""},{"file":"/etc/puppetlabs/code/environments/production/","level":"notice","line":,)dict"
      R"dict("message":"content changed '{md5}","source":"/Stage[main]/","tags":["notice","file","class"])dict"
      R"dict(,"time":""},{"file":null,"level":"notice","line":null,"message":"Applied catalog in  seconds)dict"
      R"dict(","source":"Puppet","tags":["notice"],"time":""}],"metrics":[{"category":"resources","name":)dict"
      R"dict("changed","value":0},{"category":"resources","name":"corrective_change","value":0},{"categor)dict"
      R"dict(y":"resources","name":"failed","value":0},{"category":"resources","name":"failed_to_restart")dict"
      R"dict(,"value":0},{"category":"resources","name":"out_of_sync","value":0},{"category":"resources",)dict"
      R"dict("name":"restarted","value":0},{"category":"resources","name":"scheduled","value":0},{"catego)dict"
      R"dict(ry":"resources","name":"skipped","value":0},{"category":"resources","name":"total","value":})dict"
      R"dict(,{"category":"time","name":"catalog_application","value":},{"category":"time","name":"config)dict"
      R"dict(_retrieval","value":},{"category":"time","name":"convert_catalog","value":},{"category":"tim)dict"
      R"dict(e","name":"fact_generation","value":},{"category":"time","name":"node_retrieval","value":},{)dict"
      R"dict("category":"time","name":"plugin_sync","value":},{"category":"time","name":"transaction_eval)dict"
      R"dict(uation","value":},{"category":"time","name":"file","value":},{"category":"time","name":"pack)dict"
      R"dict(age","value":},{"category":"time","name":"service","value":},{"category":"time","name":"exec)dict"
      R"dict(","value":},{"category":"time","name":"total","value":},{"category":"changes","name":"total")dict"
      R"dict(,"value":0},{"category":"events","name":"failure","value":0},{"category":"events","name":"su)dict"
      R"dict(ccess","value":0},{"category":"events","name":"total","value":0}],"noop":false,"noop_pending)dict"
      R"dict(":false,"producer":"","producer_timestamp":"","puppet_version":"7.","receive_time":"","repor)dict"
      R"dict(t_format":12,"resources":[{"containment_path":["Stage[main]","Role::","File["],"corrective_c)dict"
      R"dict(hange":false,"events":[{"corrective_change":false,"message":"change from 'stopped' to 'runni)dict"
      R"dict(ng' failed","name":"ensure_changed","new_value":"running","old_value":"stopped","property":")dict"
      R"dict(ensure","status":"failure","timestamp":""},{"corrective_change":false,"message":"content cha)dict"
      R"dict(nged '{md5}","name":"content_changed","new_value":"{md5}","old_value":"{md5}","property":"co)dict"
      R"dict(ntent","status":"success","timestamp":""}],"file":"/etc/puppetlabs/code/environments/product)dict"
      R"dict(ion/","line":,"resource_title":"","resource_type":"File","skipped":false,"timestamp":""}],"s)dict"
      R"dict(tart_time":"","status":"unchanged","transaction_uuid":"","type":"agent"}{"catalog_uuid":"",")dict"
      R"dict(certname":"","code_id":null,"environment":"production","hash":"","job_id":null,"producer":"")dict"
      R"dict(,"producer_timestamp":"","timestamp":"","transaction_uuid":"","version":""}{"certname":"","e)dict"
      R"dict(nvironment":"production","hash":"","producer":"","producer_timestamp":"","timestamp":""}{"ca)dict"
      R"dict(ched_catalog_status":"not_used","catalog_environment":"production","catalog_producer_timesta)dict"
      R"dict(mp":"","catalog_timestamp":"","certname":"","deactivated":null,"expired":null,"facts_environ)dict"
      R"dict(ment":"production","facts_producer_timestamp":"","facts_timestamp":"","indexes":5,"latest_re)dict"
      R"dict(port_corrective_change":null,"latest_report_events":[],"latest_report_hash":"","latest_repor)dict"
      R"dict(t_job_id":null,"latest_report_noop":false,"latest_report_noop_pending":false,"latest_report_)dict"
      R"dict(status":"unchanged","node_id":,"report_environment":"production","report_producer_timestamp")dict"
      R"dict(:"","report_timestamp":""})dict";
  return text;
}

}  // namespace marionette::puppetdb
