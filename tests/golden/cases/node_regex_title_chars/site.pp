# The class a regex node becomes is named after the regex's source, lowercased, keeping word
# characters, '-', ':' and '.', without leading dots: "__node_regexp__web01-x:web01".
node /^\.?WEB01-X:?|web01/ {
  notify { 'node': message => 'regex' }
}
node default {
  notify { 'node': message => 'default' }
}
