# A captures-rest parameter typed Array[T, min] needs at least min arguments.
with("hi") |Array[String, 2] *$passed| {
  notify { "passed: ${passed}": }
}
