# A match variable numbered past 64 bits while a match is in scope: Ruby cannot convert it.
$x = $44444444444444444444444444444444
if "ab" =~ /(a)/ {
  notify { "m [${x}] [${1}] [${2}] [${99999999999999999999999}]": }
}
