# A match variable numbered past any group is undef, and past 32 bits too while no match is in scope.
$x = $44444444444444444444444444444444
if "ab" =~ /(a)/ {
  notify { "m [${x}] [${1}] [${2}] [${2147483647}]": }
}
