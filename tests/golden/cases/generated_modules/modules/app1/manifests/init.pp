class app1 (
  Integer $workers = 20,
  String $owner = 'app1',
  Array[String] $sites = ['site1x0', 'site1x1', 'site1x2', 'site1x3', 'site1x4', 'site1x5', 'site1x6', 'site1x7'],
) {
  include app1::config
  contain app1::service
  Class['app1::config'] -> Class['app1::service']
}
