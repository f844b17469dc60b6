# A match variable numbered past 32 bits while a match is in scope: Ruby cannot convert it to an int.
if "ab" =~ /(a)/ {
  notify { "m ${4444444444}": }
}
