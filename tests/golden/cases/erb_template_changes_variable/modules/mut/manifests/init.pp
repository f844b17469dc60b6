class mut (Array $listen = ['80']) {
  $local = ['l']
  $copy = $local
  $ignored = inline_template("<% @local << 'L' %><% @listen.push('443') %><% @copy.size %>")
  notify { 'in the class': message => [$local, $copy, $listen] }
}
