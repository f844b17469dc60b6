# validate_hash of a string: stdlib's message, at the call.
$x = 'text'
validate_hash($x)
