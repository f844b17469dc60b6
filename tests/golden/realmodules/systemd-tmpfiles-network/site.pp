# real-module case systemd-tmpfiles-network (defines), from scripts/real-modules-cases.yaml
systemd::tmpfile { 'app.conf': content => "d /run/app 0755 root root -\n" }
systemd::network { 'eth0.network': content => "[Match]\nName=eth0\n" }
