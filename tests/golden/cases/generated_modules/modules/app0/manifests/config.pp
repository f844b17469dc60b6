class app0::config {
  File { owner => $app0::owner, mode => '0644' }
  file { '/srv/app0': ensure => directory }
  $app0::sites.each |$index, $site| {
    app0::vhost { "${site}.example.com":
      port    => 8000 + $index,
      docroot => "/srv/app0/${site}",
    }
  }
  Integer[1, $app0::workers].filter |$n| { $n % 2 == 0 }.each |$n| {
    file { "/etc/app0/worker-${n}.conf":
      content => "worker ${n} of ${app0::workers} on ${facts['networking']['fqdn']}\n",
    }
  }
}
