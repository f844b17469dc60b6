# validate_re with a custom message.
validate_re('abc', '^x', 'custom message')
