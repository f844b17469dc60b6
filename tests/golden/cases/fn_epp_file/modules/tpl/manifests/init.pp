class tpl($port = 80) {
  file { '/etc/tpl.conf': content => epp('tpl/conf.epp', { 'items' => ['a', 'b'] }) }
}
