# validate_legacy: the type and the old function both refuse the value.
validate_legacy(Integer, 'validate_integer', 'x')
