$s = 'web01.example.com'
if $s =~ /^(\w+?)(\d+)\./ {
  notify { 'm': message => "host=${1} num=${2} all=${0}" }
}
notify { 'nm': message => [$s !~ /db/, $s =~ 'example', 'x' =~ String, 5 !~ String] }
