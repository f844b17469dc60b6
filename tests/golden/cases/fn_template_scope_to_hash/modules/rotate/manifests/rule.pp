define rotate::rule (
  Variant[String, Array[String]] $path,
  Optional[Boolean] $compress = undef,
  Optional[Integer] $rotate = undef,
  Optional[String] $create_mode = undef,
  Boolean $missingok = true,
) {
  $_compress = $compress ? { true => 'compress', false => 'nocompress', default => undef }
  $_missingok = $missingok ? { true => 'missingok', default => 'nomissingok' }
  file { "/etc/logrotate.d/${name}":
    content => template('rotate/rule.erb'),
  }
}
