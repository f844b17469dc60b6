# The example environment of the marionette package: it only writes a file in marionette's own
# state directory and says hello. Replace it with your manifests (and modules/ next to it).
node default {
  file { '/var/lib/marionette/example.txt':
    ensure  => file,
    mode    => '0644',
    content => "managed by marionette on ${facts['networking']['fqdn']}\n",
  }

  notify { 'marionette example environment':
    message => 'marionette applied /etc/marionette/code/environments/production/site.pp',
  }
}
