class dep {
  $x = 1
  deprecation('dep_key', 'dep is going away')
}
