# Autoloaded from modules/motd: a class that depends on the example's directory.
class motd (String $text = 'This node is managed by marionette.') {
  file { '/tmp/marionette-example/motd':
    ensure  => file,
    content => "${text}\n",
    require => Class['example'],
  }
}
