# A character with no token (a backslash) in code: a syntax error where it stands, although a
# string is left open further on (Puppet's parser asks for tokens one at a time).
$a = 1 \ 2
$b = "open
