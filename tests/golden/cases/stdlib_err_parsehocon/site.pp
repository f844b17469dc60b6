# parsehocon of a document the hocon gem refuses, without a default.
notify { 'before': }
$x = parsehocon("a = 1\nb = http://example.com/")
