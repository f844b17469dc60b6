"""The fleet the PuppetDB reference sends to Debian's PuppetDB 7.12 and to marionette server
(bench/puppetdb_reference.py), and the queries both are asked: commands in the wire formats
puppet-terminus-puppetdb 7 posts (replace facts v5, replace catalog v9, store report v8,
deactivate node v3), queries written from PuppetDB's query documentation.

Everything is fixed (timestamps, UUIDs), so that PuppetDB's answers can be recorded once and
compared by a test without PuppetDB."""

DAY = "2026-11-28"


def ts(hms, day=DAY):
    return f"{day}T{hms}.000Z"


def uuid(n):
    return f"{n:08x}-0000-4000-8000-{n:012x}"


NODES = [
    # certname, environment, os family, release major, uptime, memory, virtual, producer
    ("web1.example.com", "production", "Debian", "12", 86400, 4096, True, "puppet.example.com"),
    ("web2.example.com", "production", "Debian", "11", 3600, 2048, True, "puppet.example.com"),
    ("db1.example.com", "staging", "RedHat", "9", 600, 16384, False, "puppet.example.com"),
    ("mail.example.com", "production", "Debian", "12", 120, 1024, True, "puppet2.example.com"),
    ("old1.example.com", "production", "Debian", "10", 5, 512, False, "puppet.example.com"),
]


def package_inventory(i, family):
    """replace facts v5's package_inventory: [name, version, provider] (web1, db1, mail have one)."""
    if i in (1, 4):
        return None
    if family == "RedHat":
        return [["postgresql-server", "13.10-1.el9", "yum"], ["openssl", "3.0.7-6.el9", "yum"],
                ["puppet-agent", "7.23.0-1.el9", "yum"]]
    return [["openssl", "3.0.11-1~deb12u2", "apt"], ["apache2", "2.4.57-2" if i == 0 else "2.4.62-1", "apt"],
            ["puppet-agent", "7.23.0-1bookworm", "apt"], ["puppet", "7.23.0", "gem"]]


def facts_payload(i, node):
    certname, env, family, major, uptime, memory, virtual, producer = node
    payload = facts_values(i, node)
    inventory = package_inventory(i, family)
    if inventory is not None:
        payload["package_inventory"] = inventory
    return payload


def facts_values(i, node):
    certname, env, family, major, uptime, memory, virtual, producer = node
    interfaces = {"lo": {"ip": "127.0.0.1", "mtu": 65536},
                  "eth0": {"ip": f"10.0.0.{i + 10}", "mtu": 1500}}
    if certname.startswith("db"):
        interfaces["eth1"] = {"ip": "192.168.1.5", "mtu": 9000}
    return {
        "certname": certname,
        "environment": env,
        "producer_timestamp": ts(f"10:00:0{i}"),
        "producer": producer,
        "values": {
            "os": {"family": family, "name": "Debian" if family == "Debian" else "RedHat",
                   "release": {"major": major, "full": major + ".1"},
                   "architecture": "amd64"},
            "kernel": "Linux",
            "kernelrelease": "6.1.0-13-amd64",
            "hostname": certname.split(".")[0],
            "fqdn": certname,
            "domain": "example.com",
            "is_virtual": virtual,
            "virtual": "kvm" if virtual else "physical",
            "uptime_seconds": uptime,
            "processorcount": 2 + i,
            "load_average": 0.25 * (i + 1),
            "memory": {"system": {"total_bytes": memory * 1048576, "used": f"{memory // 4} MiB"}},
            "networking": {"interfaces": interfaces, "primary": "eth0",
                           "ip": f"10.0.0.{i + 10}"},
            "mountpoints": {"/": {"size_bytes": 20000000000 + i, "options": ["rw", "relatime"]}},
            "ssh_keys": ["ssh-rsa AAAA" + str(i), "ssh-ed25519 BBBB" + str(i)],
            "empty_map": {},
            "role": "web" if certname.startswith("web") else ("db" if certname.startswith("db") else "mail"),
            "trusted": {"authenticated": "remote", "certname": certname, "domain": "example.com",
                        "extensions": {"pp_role": "web" if certname.startswith("web") else "other"},
                        "hostname": certname.split(".")[0]},
        },
    }


def resource(type_, title, tags, params, exported=False, file=None, line=None):
    r = {"type": type_, "title": title, "tags": tags, "exported": exported,
         "parameters": params}
    if file:
        r["file"] = file
        r["line"] = line
    return r


def contains(source, target):
    return {"source": {"type": source[0], "title": source[1]},
            "target": {"type": target[0], "title": target[1]}, "relationship": "contains"}


def catalog_payload(i, node):
    certname, env = node[0], node[1]
    site = "/etc/puppet/code/environments/%s/manifests/site.pp" % env
    role = "apache" if certname.startswith("web") else "postgresql"
    resources = [
        resource("Stage", "main", ["stage", "main"], {"name": "main"}),
        resource("Class", "Settings", ["class", "settings"], {}),
        resource("Class", "main", ["class"], {"name": "main"}),
        resource("Class", role.capitalize(), ["class", role],
                 {"port": 80 + i if role == "apache" else 5432, "manage": True},
                 file=site, line=3),
        resource("File", "/etc/motd", ["file", "class", "motd"],
                 {"ensure": "file", "content": f"welcome to {certname}\n", "mode": "0644"},
                 file=site, line=10),
        resource("Package", role, ["package", "class", role],
                 {"ensure": "installed" if i % 2 == 0 else "latest"}, file=site, line=5),
        resource("Service", role, ["service", "class", role],
                 {"ensure": "running", "enable": True, "require": f"Package[{role}]"},
                 file=site, line=6),
        resource("Host", certname, ["host", "exported", "class"],
                 {"ip": f"10.0.0.{i + 10}", "host_aliases": [certname.split(".")[0]],
                  "ensure": "present"}, exported=True, file=site, line=20),
        resource("Sshkey", certname, ["sshkey", "exported", "class"],
                 {"type": "ssh-ed25519", "key": f"BBBB{i}"}, exported=True, file=site, line=21),
    ]
    edges = [contains(("Stage", "main"), ("Class", "Settings")),
             contains(("Stage", "main"), ("Class", "main")),
             contains(("Class", "main"), ("Class", role.capitalize())),
             contains(("Class", role.capitalize()), ("File", "/etc/motd")),
             contains(("Class", role.capitalize()), ("Package", role)),
             contains(("Class", role.capitalize()), ("Service", role)),
             contains(("Class", "main"), ("Host", certname)),
             contains(("Class", "main"), ("Sshkey", certname)),
             {"source": {"type": "Package", "title": role},
              "target": {"type": "Service", "title": role}, "relationship": "required-by"}]
    return {"certname": certname, "version": str(1764320000 + i), "environment": env,
            "transaction_uuid": uuid(100 + i), "catalog_uuid": uuid(200 + i), "code_id": None,
            "job_id": None, "producer_timestamp": ts(f"10:01:0{i}"), "producer": node[7],
            "resources": resources, "edges": edges}


def report_payload(i, node, status, run=0):
    certname, env = node[0], node[1]
    role = "apache" if certname.startswith("web") else "postgresql"
    events = []
    if status == "changed":
        events.append({"status": "success", "timestamp": ts(f"10:02:1{i}"), "name": "content",
                       "property": "content", "new_value": "{md5}new", "old_value": "{md5}old",
                       "corrective_change": False, "message": "content changed '{md5}old' to '{md5}new'"})
    if status == "failed":
        events.append({"status": "failure", "timestamp": ts(f"10:02:1{i}"), "name": "ensure",
                       "property": "ensure", "new_value": "running", "old_value": "stopped",
                       "corrective_change": True, "message": "change from 'stopped' to 'running' failed"})
    resources = [{"skipped": False, "timestamp": ts(f"10:02:1{i}"), "resource_type": "File",
                  "resource_title": "/etc/motd", "file": "/etc/puppet/code/site.pp", "line": 10,
                  "containment_path": ["Stage[main]", role.capitalize(), "File[/etc/motd]"],
                  "corrective_change": False, "events": events if status == "changed" else []}]
    if status == "failed":
        resources.append({"skipped": False, "timestamp": ts(f"10:02:1{i}"),
                          "resource_type": "Service", "resource_title": role,
                          "file": "/etc/puppet/code/site.pp", "line": 6,
                          "containment_path": ["Stage[main]", "Postgresql", f"Service[{role}]"],
                          "corrective_change": True, "events": events})
    return {
        "certname": certname, "environment": env, "puppet_version": "7.23.0", "report_format": 12,
        "configuration_version": str(1764320000 + i), "start_time": ts(f"10:02:0{run}"),
        "end_time": ts(f"10:02:3{run}"), "producer_timestamp": ts(f"10:02:4{run}"),
        "producer": node[7], "corrective_change": status == "failed",
        "noop": False, "noop_pending": False, "transaction_uuid": uuid(300 + i * 10 + run),
        "catalog_uuid": uuid(200 + i), "code_id": None, "job_id": None,
        "cached_catalog_status": "not_used", "status": status, "type": "agent",
        "resources": resources,
        "metrics": [{"category": "time", "name": "total", "value": 1.5 + i},
                    {"category": "resources", "name": "total", "value": 9},
                    {"category": "events", "name": "failure", "value": 1 if status == "failed" else 0}],
        "logs": [{"file": None, "line": None, "level": "notice", "message": f"Applied catalog in {1.5 + i} seconds",
                  "source": "Puppet", "tags": ["notice"], "time": ts(f"10:02:3{run}")}],
    }


def commands():
    """[(command, version, payload)] in the order they are sent."""
    out = []
    for i, node in enumerate(NODES):
        out.append(("replace facts", 5, facts_payload(i, node)))
    for i, node in enumerate(NODES[:3]):
        out.append(("replace catalog", 9, catalog_payload(i, node)))
    out.append(("store report", 8, report_payload(0, NODES[0], "unchanged", run=0)))
    out.append(("store report", 8, report_payload(0, NODES[0], "changed", run=1)))
    out.append(("store report", 8, report_payload(1, NODES[1], "unchanged", run=1)))
    out.append(("store report", 8, report_payload(2, NODES[2], "failed", run=1)))
    out.append(("deactivate node", 3, {"certname": "old1.example.com",
                                       "producer_timestamp": ts("10:05:00")}))
    return out
