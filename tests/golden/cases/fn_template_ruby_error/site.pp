$x = 'text'
notify { 'x':
  message => template('m/bad.erb'),
}
