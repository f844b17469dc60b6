# The example environment the README runs: harmless, it manages files under /tmp only.
# It shows classes with parameters, a defined type, interpolation of facts, relationships and
# refresh events, so that every run after the first is quiet and the SNMP figures are easy to read.

define example::config_file (String $body, String $mode = '0644') {
  file { "${example::root}/${title}.conf":
    ensure  => file,
    content => "# managed by marionette\n${body}\n",
    mode    => $mode,
  }
}

class example (
  String $root = '/tmp/marionette-example',
  Integer $workers = 4,
) {
  file { $root:
    ensure => directory,
    mode   => '0755',
  }

  example::config_file { 'app':
    body    => "workers=${workers}\nnode=${facts['networking']['hostname']}",
    require => File[$root],
  }
  example::config_file { 'secrets':
    body    => 'token=changeme',
    mode    => '0600',
    require => File[$root],
  }

  exec { 'seed data':
    command => "/bin/sh -c 'echo seeded > ${root}/seed.txt'",
    creates => "${root}/seed.txt",
    require => File[$root],
  }

  exec { 'reload app':
    command     => "/bin/sh -c 'date +%s > ${root}/reloaded-at'",
    refreshonly => true,
    subscribe   => Example::Config_file['app'],
  }
}

class { 'example':
  workers => 8,
}

include motd

notify { 'greeting':
  message => "marionette manages ${facts['os']['name']} ${facts['os']['release']['major']} node ${trusted['certname']}",
}
