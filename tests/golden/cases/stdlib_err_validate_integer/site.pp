# validate_integer above the maximum.
validate_integer(5, 3)
