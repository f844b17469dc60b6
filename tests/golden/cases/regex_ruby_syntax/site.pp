# Ruby regex syntax real modules use (stdlib's Stdlib::Absolutepath, ntp's parameters):
# \A, \z and \Z anchors, \h, \0 in a class, named groups.
$a = '/etc' =~ /\A\/etc\z/
$b = 'xetc' =~ /\Aetc/
$c = "/etc\n" =~ /\/etc\Z/
$d = "/etc\n" =~ /\/etc\z/
$e = 'ab12' =~ /\A\h+\z/
$f = '/etc/ntp.conf' =~ /\A\/([^\n\/\0]+\/*)*\z/
$g = '/etc/ntp.conf' =~ Pattern[/\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))/, /\A\/([^\n\/\0]+\/*)*\z/]
notify { "a=${a} b=${b} c=${c} d=${d} e=${e} f=${f} g=${g}": }
if 'key=value' =~ /\A(?<key>\w+)=(?<value>\h*\w+)\z/ {
  notify { "captures ${1} ${2}": }
}
$h = ['a1', 'zz', 'ff'].filter |$x| { $x =~ /\A\h+\z/ }
notify { "hex ${h}": }
notify { regsubst('path/to', '\Apath', 'root'): }
notify { "split ${split('a1b2c', '\h(?=\w)')}": }
