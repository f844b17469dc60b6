$list = [1, 'a']
notify { 'x':
  message => inline_template('<%= @list.sort %>'),
}
