class inner { file { '/tmp/inner': } }
class wrapper {
  contain inner
  notify { 'w': }
}
class other { notify { 'o': } }
class { 'wrapper': } -> class { 'other': }
