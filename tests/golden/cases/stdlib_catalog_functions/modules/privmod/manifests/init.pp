class privmod {
  include privmod::internal
}
