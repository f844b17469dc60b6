define m::d() {
  mk($title)
}
