# `inherits ::name` (top-scoped, as deric-zookeeper and many params-pattern modules write it)
class zk::params { $port = 2181 $dir = '/var/lib/zk' }
class zk($port = $zk::params::port) inherits ::zk::params {
  notify { "port ${port} dir ${dir}": }
}
include zk
create_resources('class', { 'other' => { 'level' => 3 } })
class other($level = 1) { notify { "level ${level}": } }
