class app1::config {
  File { owner => $app1::owner, mode => '0644' }
  file { '/srv/app1': ensure => directory }
  $app1::sites.each |$index, $site| {
    app1::vhost { "${site}.example.com":
      port    => 8000 + $index,
      docroot => "/srv/app1/${site}",
    }
  }
  Integer[1, $app1::workers].filter |$n| { $n % 2 == 0 }.each |$n| {
    file { "/etc/app1/worker-${n}.conf":
      content => "worker ${n} of ${app1::workers} on ${facts['networking']['fqdn']}\n",
    }
  }
}
