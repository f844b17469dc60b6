# A list at the root is no parse error: the default does not replace it.
$x = parsehocon('[1, 2]', {})
