notify { 'client': message => [$clientcert, $clientversion, $clientnoop, $facts['clientnoop']] }
if versioncmp($clientversion, '6.0') >= 0 {
  notify { 'deferred allowed': message => Deferred('sprintf', ['%s', $clientversion]) }
}
