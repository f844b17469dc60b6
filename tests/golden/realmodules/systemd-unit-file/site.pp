# real-module case systemd-unit-file (define), from scripts/real-modules-cases.yaml
systemd::unit_file { 'foo.service': content => "[Unit]\nDescription=foo\n" }
