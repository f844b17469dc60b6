# Puppet's lexer reads only as far as its parser asks: the syntax error on line 4 is reported,
# not the unclosed quote on line 6 that marionette's lexer meets when it reads the whole file.
notify { 'a':
  message => 'one' 'two',
}
notify { 'b': message => 'never closed }
