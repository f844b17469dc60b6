if $x {
  class foo {}
}
