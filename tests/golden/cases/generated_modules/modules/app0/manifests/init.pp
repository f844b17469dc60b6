class app0 (
  Integer $workers = 20,
  String $owner = 'app0',
  Array[String] $sites = ['site0x0', 'site0x1', 'site0x2', 'site0x3', 'site0x4', 'site0x5', 'site0x6', 'site0x7'],
) {
  include app0::config
  contain app0::service
  Class['app0::config'] -> Class['app0::service']
}
