class privmod::internal {
  assert_private()
  notify { 'internal': }
}
