# A node's dotted host name takes names and numbers only: `node a-b` alone is a host name, a
# hyphenated word before a dot is a syntax error at the dot.
node web-01.example.com { notify { 'matched': } }
