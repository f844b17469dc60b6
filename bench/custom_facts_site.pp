# bench/custom_facts_apply_benchmark.py: a small node's site.pp over Debian's module packages (ntp, apt),
# facts read by name; applied with --noop by both sides.
node default {
  $role = 'cache'
  class { 'ntp':
    servers => ['0.debian.pool.ntp.org', '1.debian.pool.ntp.org'],
  }
  class { 'apt': }
  apt::source { 'extra':
    location => 'http://deb.example.org/debian',
    repos    => 'main',
    release  => $facts['os']['distro']['codename'],
  }
  file { '/tmp/perf39-bench-motd':
    content => "${facts['networking']['fqdn']}: ${facts['os']['name']} ${facts['os']['release']['major']}, ${role}, ${::processors['count']} CPUs\n",
  }
  if $facts['os']['family'] == 'Debian' {
    package { 'vim-tiny': ensure => installed }
  }
}
