case $x {
  default: {}
  "a": {}
  default: {}
}
