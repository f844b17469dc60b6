"""The simulated fleet of the PuppetDB side-by-side bench (bench/puppetdb_fleet_bench.py): for
node i, facts shaped like Facter 4's on a Debian or RedHat VM (about 230 leaves), a catalog of
a role and profiles (about 110 resources: classes, files, packages, services, users, cron, exec,
two exported resources, containment and require edges) and a report of its last run (a few
resource statuses with events, 10% failed), in the wire formats puppet-terminus-puppetdb 7 posts
(replace facts v5, replace catalog v9, store report v8). Deterministic: the same N give the same
fleet, so that both servers receive the same bytes."""

DAY = "2026-11-28"
ROLES = 50
DATACENTERS = 5
PACKAGES = ["openssh-server", "ntp", "rsyslog", "curl", "vim", "sudo", "git", "lsof", "htop",
            "tcpdump", "strace", "unzip", "jq", "logrotate", "cron", "ca-certificates",
            "python3", "auditd", "chrony", "less"]
USERS = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]


def certname(i):
    return f"node{i:05d}.example.com"


def ts(seconds):
    hours, rest = divmod(seconds % 86400, 3600)
    return f"{DAY}T{hours:02d}:{rest // 60:02d}:{rest % 60:02d}.000Z"


def uuid(n, kind):
    return f"{n:08x}-{kind:04x}-4000-8000-{n:012x}"


def os_of(i):
    if i % 20 < 12:
        return ("Debian", "Debian", "12", "12.8", "bookworm")
    if i % 20 < 17:
        return ("Debian", "Debian", "11", "11.11", "bullseye")
    return ("RedHat", "RedHat", "9", "9.4", "Plow")


def ip_of(i):
    return f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"


def role_of(i):
    return f"role{i % ROLES:02d}"


def interface(ip, mac, mtu):
    network = ip.rsplit(".", 1)[0] + ".0"
    return {"bindings": [{"address": ip, "netmask": "255.255.255.0", "network": network}],
            "bindings6": [{"address": "fe80::" + mac[-5:].replace(":", ""), "netmask": "ffff:ffff:ffff:ffff::",
                           "network": "fe80::", "scope6": "link"}],
            "ip": ip, "ip6": "fe80::" + mac[-5:].replace(":", ""), "mac": mac, "mtu": mtu,
            "netmask": "255.255.255.0", "netmask6": "ffff:ffff:ffff:ffff::", "network": network,
            "network6": "fe80::", "scope6": "link", "speed": 10000}


def mount(device, size, used, fs, options):
    return {"available": f"{(size - used) / 2**30:.2f} GiB", "available_bytes": size - used,
            "capacity": f"{100 * used / size:.2f}%", "device": device, "filesystem": fs,
            "options": options, "size": f"{size / 2**30:.2f} GiB", "size_bytes": size,
            "used": f"{used / 2**30:.2f} GiB", "used_bytes": used}


def facts(i):
    name = certname(i)
    host = name.split(".")[0]
    family, os_name, major, full, codename = os_of(i)
    ip = ip_of(i)
    mac = f"52:54:00:{i // 65536 % 256:02x}:{i // 256 % 256:02x}:{i % 256:02x}"
    cpus = 2 << (i % 3)
    memory = (2 << (i % 4)) * 2**30
    uptime = 3600 * (i % 700) + i
    interfaces = {"lo": interface("127.0.0.1", "00:00:00:00:00:00", 65536),
                  "eth0": interface(ip, mac, 1500)}
    if i % 4 == 0:
        interfaces["eth1"] = interface(f"192.168.{i % 256}.{i // 256 % 250 + 2}", mac[:-2] + "ff", 9000)
    disk = 50 * 2**30
    values = {
        "os": {"name": os_name, "family": family, "architecture": "amd64", "hardware": "x86_64",
               "release": {"full": full, "major": major, "minor": full.split(".")[1]},
               "distro": {"codename": codename, "description": f"{os_name} {full} ({codename})",
                          "id": os_name, "release": {"full": full, "major": major,
                                                     "minor": full.split(".")[1]}},
               "selinux": {"enabled": family == "RedHat"}},
        "kernel": "Linux", "kernelmajversion": "6.1", "kernelrelease": "6.1.0-28-amd64",
        "kernelversion": "6.1.0",
        "networking": {"domain": "example.com", "fqdn": name, "hostname": host, "ip": ip,
                       "ip6": interfaces["eth0"]["ip6"], "mac": mac, "mtu": 1500,
                       "netmask": "255.255.255.0", "network": interfaces["eth0"]["network"],
                       "primary": "eth0", "interfaces": interfaces},
        "processors": {"count": cpus, "physicalcount": 1, "isa": "x86_64", "speed": "2.40 GHz",
                       "models": ["Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz"] * cpus},
        "memory": {"system": {"available": f"{memory * 0.6 / 2**30:.2f} GiB",
                              "available_bytes": int(memory * 0.6), "capacity": "40.00%",
                              "total": f"{memory / 2**30:.2f} GiB", "total_bytes": memory,
                              "used": f"{memory * 0.4 / 2**30:.2f} GiB", "used_bytes": int(memory * 0.4)},
                   "swap": {"available": "1.00 GiB", "available_bytes": 2**30, "capacity": "0%",
                            "total": "1.00 GiB", "total_bytes": 2**30, "used": "0 bytes",
                            "used_bytes": 0}},
        "disks": {"vda": {"size": "50.00 GiB", "size_bytes": disk, "type": "hdd", "vendor": "0x1af4"}},
        "mountpoints": {"/": mount("/dev/vda1", disk - 2**30, (i % 40 + 5) * 2**28, "ext4",
                                   ["rw", "relatime", "errors=remount-ro"]),
                        "/boot": mount("/dev/vda2", 2**30, 2**27, "ext4", ["rw", "relatime"]),
                        "/run": mount("tmpfs", 2**28, 2**20, "tmpfs", ["rw", "nosuid", "nodev"])},
        "partitions": {"/dev/vda1": {"filesystem": "ext4", "mount": "/", "size": "49.00 GiB",
                                     "size_bytes": disk - 2**30, "uuid": uuid(i, 1), "partuuid": uuid(i, 2)},
                       "/dev/vda2": {"filesystem": "ext4", "mount": "/boot", "size": "1.00 GiB",
                                     "size_bytes": 2**30, "uuid": uuid(i, 3), "partuuid": uuid(i, 4)}},
        "dmi": {"bios": {"release_date": "04/01/2014", "vendor": "SeaBIOS", "version": "1.16.2"},
                "chassis": {"type": "Other"}, "manufacturer": "QEMU",
                "product": {"name": "Standard PC (Q35 + ICH9, 2009)", "uuid": uuid(i, 5)}},
        "identity": {"gid": 0, "group": "root", "privileged": True, "uid": 0, "user": "root"},
        "system_uptime": {"days": uptime // 86400, "hours": uptime // 3600, "seconds": uptime,
                          "uptime": f"{uptime // 86400} days"},
        "load_averages": {"1m": (i % 100) / 50, "5m": (i % 70) / 50, "15m": (i % 30) / 50},
        "ssh": {"ed25519": {"fingerprints": {"sha1": f"SSHFP 4 1 {i:040x}", "sha256": f"SSHFP 4 2 {i:064x}"},
                            "key": f"AAAAC3NzaC1lZDI1NTE5AAAAI{i:032x}", "type": "ssh-ed25519"},
                "rsa": {"fingerprints": {"sha1": f"SSHFP 1 1 {i:040x}", "sha256": f"SSHFP 1 2 {i:064x}"},
                        "key": f"AAAAB3NzaC1yc2EAAAADAQABAAABgQ{i:0200x}", "type": "ssh-rsa"}},
        "ruby": {"platform": "x86_64-linux-gnu", "sitedir": "/usr/local/lib/site_ruby/3.1.0",
                 "version": "3.1.2"},
        "timezone": "UTC", "path": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "virtual": "kvm", "is_virtual": True, "hypervisors": {"kvm": {}},
        "facterversion": "4.2.14", "puppetversion": "7.23.0", "fips_enabled": False,
        "augeas": {"version": "1.14.0"},
        "hostname": host, "fqdn": name, "domain": "example.com", "ipaddress": ip,
        "macaddress": mac, "uptime_seconds": uptime, "processorcount": cpus,
        "role": role_of(i), "datacenter": f"dc{i % DATACENTERS}",
        "trusted": {"authenticated": "remote", "certname": name, "domain": "example.com",
                    "extensions": {"pp_role": role_of(i), "pp_datacenter": f"dc{i % DATACENTERS}"},
                    "hostname": host},
    }
    return {"certname": name, "environment": "production", "producer_timestamp": ts(i),
            "producer": "puppet.example.com", "values": values}


def resource(type_, title, tags, params, line, exported=False):
    return {"type": type_, "title": title, "tags": sorted(set(tags)), "exported": exported,
            "file": "/etc/puppetlabs/code/environments/production/site/profile/manifests/base.pp",
            "line": line, "parameters": params}


def ref(type_, title):
    return {"type": type_, "title": title}


def catalog(i):
    name = certname(i)
    role = role_of(i)
    role_class = "Role::" + role.capitalize()
    dc = f"dc{i % DATACENTERS}"
    resources, edges = [], []

    def add(container, r):
        resources.append(r)
        edges.append({"source": ref(*container), "target": ref(r["type"], r["title"]),
                      "relationship": "contains"})

    resources.append(resource("Stage", "main", ["stage"], {"name": "main"}, None))
    classes = ["Settings", "main", role_class, "Profile::Base", "Profile::Ssh", "Profile::Ntp",
               "Profile::Users", "Profile::Monitoring"]
    for c in classes:
        tags = ["class"] + [p.lower() for p in c.split("::")] + [c.lower()]
        add(("Stage", "main"), resource("Class", c, tags, {}, 1))
    base = ["class", "profile", "base", "profile::base", role, "role::" + role, dc]
    for n, package in enumerate(PACKAGES):
        add(("Class", "Profile::Base"),
            resource("Package", package, base + ["package"],
                     {"ensure": "installed" if n % 3 else "latest"}, 10 + n))
    for n in range(30):
        path = f"/etc/{role}/conf.d/{n:02d}-setting.conf"
        add(("Class", role_class),
            resource("File", path, ["file", "class", "role", role, "role::" + role, dc],
                     {"ensure": "file", "owner": "root", "group": "root", "mode": "0644",
                      "content": f"# managed by puppet for {name}\nsetting_{n} = {i * n % 997}\n",
                      "notify": f"Service[{role}-app]"}, 40 + n))
    for n, user in enumerate(USERS):
        add(("Class", "Profile::Users"),
            resource("User", user, ["user", "class", "profile", "users", "profile::users"],
                     {"ensure": "present", "uid": 2000 + n, "shell": "/bin/bash",
                      "home": f"/home/{user}", "managehome": True}, 80 + n))
        add(("Class", "Profile::Users"),
            resource("File", f"/home/{user}/.ssh/authorized_keys",
                     ["file", "class", "profile", "users", "profile::users"],
                     {"ensure": "file", "owner": user, "mode": "0600",
                      "content": f"ssh-ed25519 AAAA{user} {user}@example.com\n",
                      "require": f"User[{user}]"}, 90 + n))
    for service, cls in (("ssh", "Profile::Ssh"), ("chrony", "Profile::Ntp"),
                         ("rsyslog", "Profile::Base"), ("cron", "Profile::Base"),
                         (f"{role}-app", role_class)):
        add(("Class", cls), resource("Service", service, ["service", "class", cls.lower()],
                                     {"ensure": "running", "enable": True}, 120))
    add(("Class", "Profile::Ssh"),
        resource("File", "/etc/ssh/sshd_config", ["file", "class", "profile", "ssh", "profile::ssh"],
                 {"ensure": "file", "mode": "0600", "content": "PermitRootLogin no\nPasswordAuthentication no\n",
                  "notify": "Service[ssh]"}, 130))
    add(("Class", "Profile::Ntp"),
        resource("File", "/etc/chrony/chrony.conf", ["file", "class", "profile", "ntp", "profile::ntp"],
                 {"ensure": "file", "content": f"pool ntp.{dc}.example.com iburst\n",
                  "notify": "Service[chrony]"}, 140))
    for n in range(3):
        add(("Class", "Profile::Base"),
            resource("Cron", f"cleanup-{n}", ["cron", "class", "profile::base"],
                     {"command": f"/usr/local/bin/cleanup {n}", "hour": n, "minute": 15}, 150 + n))
        add(("Class", "Profile::Base"),
            resource("Exec", f"refresh-cache-{n}", ["exec", "class", "profile::base"],
                     {"command": f"/usr/bin/refresh {n}", "refreshonly": True}, 160 + n))
    for n in range(8):
        add(("Class", "Profile::Monitoring"),
            resource("File", f"/etc/monitoring/checks/check_{n}.cfg",
                     ["file", "class", "profile", "monitoring", "profile::monitoring", dc],
                     {"ensure": "file", "content": f"check_{n} {name}\n"}, 170 + n))
    add(("Class", "Profile::Monitoring"),
        resource("Host", name, ["host", "class", "profile::monitoring", role, dc],
                 {"ip": ip_of(i), "host_aliases": [name.split(".")[0]]}, 190,
                 exported=True))
    add(("Class", "Profile::Ssh"),
        resource("Sshkey", name, ["sshkey", "class", "profile::ssh", dc],
                 {"type": "ssh-ed25519", "key": f"AAAAC3NzaC1lZDI1NTE5AAAAI{i:032x}"}, 195,
                 exported=True))
    for user in USERS:
        edges.append({"source": ref("User", user), "target": ref("File", f"/home/{user}/.ssh/authorized_keys"),
                      "relationship": "required-by"})
    return {"certname": name, "version": str(1764300000 + i), "environment": "production",
            "transaction_uuid": uuid(i, 10), "catalog_uuid": uuid(i, 11), "code_id": None,
            "job_id": None, "producer_timestamp": ts(i + 1), "producer": "puppet.example.com",
            "resources": resources, "edges": edges}


def report(i):
    name = certname(i)
    role = role_of(i)
    failed = i % 10 == 0
    changed = i % 3 == 0
    statuses = []
    for n in range(4):
        statuses.append({"skipped": False, "timestamp": ts(i + 2), "resource_type": "File",
                         "resource_title": f"/etc/{role}/conf.d/{n:02d}-setting.conf",
                         "file": "/etc/puppetlabs/code/environments/production/site/role/manifests/init.pp",
                         "line": 40 + n, "corrective_change": False,
                         "containment_path": ["Stage[main]", "Role::" + role.capitalize(),
                                              f"File[/etc/{role}/conf.d/{n:02d}-setting.conf]"],
                         "events": [{"status": "success", "timestamp": ts(i + 2), "name": "content_changed",
                                     "property": "content", "new_value": "{md5}new", "old_value": "{md5}old",
                                     "corrective_change": False,
                                     "message": "content changed '{md5}old' to '{md5}new'"}]
                         if changed and n < 2 else []})
    if failed:
        statuses.append({"skipped": False, "timestamp": ts(i + 2), "resource_type": "Service",
                         "resource_title": f"{role}-app", "file": None, "line": None,
                         "corrective_change": True,
                         "containment_path": ["Stage[main]", "Role::" + role.capitalize(), f"Service[{role}-app]"],
                         "events": [{"status": "failure", "timestamp": ts(i + 2), "name": "ensure_changed",
                                     "property": "ensure", "new_value": "running", "old_value": "stopped",
                                     "corrective_change": True,
                                     "message": "change from 'stopped' to 'running' failed"}]})
    status = "failed" if failed else ("changed" if changed else "unchanged")
    metrics = [{"category": c, "name": n, "value": v} for c, n, v in
               [("resources", "total", 110), ("resources", "changed", 2 if changed else 0),
                ("resources", "failed", 1 if failed else 0), ("resources", "out_of_sync", 0),
                ("time", "total", 4.2), ("time", "file", 0.8), ("time", "package", 1.1),
                ("time", "config_retrieval", 1.4), ("changes", "total", 2 if changed else 0),
                ("events", "total", 2 if changed else 0), ("events", "failure", 1 if failed else 0),
                ("events", "success", 2 if changed else 0)]]
    logs = [{"file": None, "line": None, "level": "info", "message": "Using environment 'production'",
             "source": "Puppet", "tags": ["info"], "time": ts(i + 2)},
            {"file": None, "line": None, "level": "notice", "message": "Applied catalog in 4.20 seconds",
             "source": "Puppet", "tags": ["notice"], "time": ts(i + 3)}]
    return {"certname": name, "environment": "production", "puppet_version": "7.23.0",
            "report_format": 12, "configuration_version": str(1764300000 + i),
            "start_time": ts(i + 2), "end_time": ts(i + 3), "producer_timestamp": ts(i + 4),
            "producer": "puppet.example.com", "corrective_change": failed, "noop": False,
            "noop_pending": False, "transaction_uuid": uuid(i, 10), "catalog_uuid": uuid(i, 11),
            "code_id": None, "job_id": None, "cached_catalog_status": "not_used", "status": status,
            "type": "agent", "resources": statuses, "metrics": metrics, "logs": logs}


def queries(nodes):
    """The typical queries: (name, path, params), params as URL parameters (JSON text)."""
    import json
    one = certname(min(4242, nodes - 1))
    Q = "/pdb/query/v4"

    def ast(name, path, query, **extra):
        params = {"query": json.dumps(query)}
        params.update({k: json.dumps(v) for k, v in extra.items()})
        return (name, Q + path, params)

    def pql(name, text):
        return (name, Q, {"query": text})

    return [
        ast("nodes by fact (AST)", "/nodes", ["=", ["fact", "role"], "role07"]),
        pql("nodes by structured fact (PQL)",
            'inventory[certname] { facts.os.release.major = "9" and facts.datacenter = "dc2" }'),
        ("resources by type and title", Q + "/resources/Class/Role::Role07", {}),
        ast("resources by tag", "/resources", ["and", ["=", "tag", "role07"], ["=", "type", "Package"]]),
        ast("exported resources (collector)", "/resources",
            ["and", ["=", "type", "Host"], ["=", "exported", True], ["=", "tag", "role07"]]),
        ast("resources of one node", "/resources", ["=", "certname", one]),
        ("facts of one node", Q + f"/nodes/{one}/facts", {}),
        ("one fact by value", Q + "/facts/role/role07", {}),
        ast("fact-contents of one node", "/fact-contents",
            ["and", ["=", "certname", one], ["~>", "path", ["networking", "interfaces", ".*", "ip"]]]),
        ast("fact-contents by path and value", "/fact-contents",
            ["and", ["=", "path", ["os", "release", "major"]], ["=", "value", "9"]]),
        ast("fact-paths under os", "/fact-paths", ["~>", "path", ["os", ".*"]]),
        ast("inventory of one node", "/inventory", ["=", "certname", one]),
        pql("latest report of one node", f'reports {{ certname = "{one}" and latest_report? = true }}'),
        pql("failed nodes (latest report)", 'reports[certname] { status = "failed" and latest_report? = true }'),
        pql("events of one node", f'events {{ certname = "{one}" }}'),
        pql("failure events (latest)", 'events[certname, resource_title] { status = "failure" and latest_report? = true }'),
        pql("nodes with a class (PQL subquery)",
            'nodes[certname] { resources { type = "Class" and title = "Role::Role07" } }'),
        pql("nodes by fact and report status (PQL)",
            'nodes[certname] { facts { name = "datacenter" and value = "dc3" } and latest_report_status = "failed" }'),
        ("all nodes", Q + "/nodes", {}),
        # the fixed cost of one request: an empty answer (no node has that name)
        ast("empty answer (no such node)", "/nodes", ["=", "certname", "no-such-node.example.com"]),
    ]
