$address = 'not an address'
notify { 'x':
  message => template('rt/bad.erb'),
}
