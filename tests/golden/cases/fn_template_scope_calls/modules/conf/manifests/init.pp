class conf (
  Hash[String, Variant[String, Integer, Boolean, Array[String]]] $settings = {
    'listen' => 8080, 'verbose' => true, 'quiet' => false, 'hosts' => ['a', 'b'], 'name' => 'svc',
  },
) {
  $version = '2.4.10'
  file { '/etc/conf.ini':
    content => template('conf/main.erb'),
  }
  notify { 'after setvar':
    message => "made by the template: ${made_by_template}",
  }
}
