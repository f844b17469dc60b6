class foo {
  notice(1)
  $x = 2
  $x
}
