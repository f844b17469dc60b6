class privmod::internal {
  assert_private()
  notify { 'private class reached': }
}
