# real-module case apt-source (define), from scripts/real-modules-cases.yaml
include apt
apt::source { 'debian_unstable':
  comment  => 'This is the iWeb Debian unstable mirror',
  location => 'http://debian.mirror.iweb.ca/debian/',
  release  => 'unstable',
  repos    => 'main contrib non-free',
  pin      => '-10',
  include  => { 'src' => true, 'deb' => true },
}
