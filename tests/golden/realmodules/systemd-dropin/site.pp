# real-module case systemd-dropin (define), from scripts/real-modules-cases.yaml
systemd::dropin_file { 'foo.conf': unit => 'foo.service', content => "[Service]\nUser=foo\n" }
