# ensure_resource with other parameters than the declared resource's: a duplicate.
package { 'vim': ensure => '2:9.0' }
ensure_resource('package', 'vim', { 'ensure' => 'present' })
