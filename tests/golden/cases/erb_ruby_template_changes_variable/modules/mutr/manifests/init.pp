class mutr (Array $listen = ['80']) {
  $size = mutr_append($listen)
  $ignored = inline_template("<% @listen.push(Set.new(['443']).first) %>")
  notify { 'in the class': message => [$listen, $size] }
}
