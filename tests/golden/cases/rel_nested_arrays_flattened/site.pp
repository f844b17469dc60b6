# Nested arrays in a relationship metaparameter are flattened in the catalog (nfs's mount.pp:
# `[Nfs::Functions::Mkdir[$mount], Package[$client_packages]]`).
package { ['a', 'b']: ensure => present }
file { '/x': ensure => directory }
$pkgs = ['a', 'b']
notify { 'n': require => [File['/x'], Package[$pkgs]], before => [[Notify['m']]] }
notify { 'm': subscribe => [[File['/x']], []] }
notify { 'plain': message => [1, [2, [3]]] }
notify { 'refs': message => [File['/x'], [Package['a'], ['text']]] }
notify { 'undefs': require => [File['/x'], undef], message => [undef, 'a'] }
