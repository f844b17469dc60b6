# real-module case openssl-x509 (define), from scripts/real-modules-cases.yaml
openssl::certificate::x509 { 'foo.example.com':
  country => 'CH', organization => 'Example.com', commonname => $facts['networking']['fqdn'],
  base_dir => '/tmp/foo', owner => 'www-data',
}
