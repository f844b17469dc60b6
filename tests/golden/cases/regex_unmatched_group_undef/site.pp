# A group that takes no part in the match leaves its $N undef (squid's http_port.pp).
if '3128' =~ /^(?:(.+):)?(\d+)$/ {
  notify { 'port': message => [$1 == undef, "${type($1)}", $2, "<${1}>"] }
}
case 'x' {
  /(a)?x/: { notify { 'case': message => [$0, $1 =~ Undef] } }
  default: {}
}
