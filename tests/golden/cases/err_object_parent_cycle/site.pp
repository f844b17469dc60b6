# A parent chain that loops (A -> B -> C -> B): Puppet names the first type met twice, B, at the
# reference that resolved A.
type A = Object[{parent => B}]
type B = Object[{parent => C}]
type C = Object[{parent => B}]
type Unused = Object[{parent => Unused}]
notice(
  A)
