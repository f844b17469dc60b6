class a {
  function b() {}
}
