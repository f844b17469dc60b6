define mutr::vhost (Array $aliases, Hash $settings) {
  $before = $aliases
  notify { "${title} declared before": message => $aliases }
  $text = template('mutr/vhost.erb')
  notify { "${title} after": message => [$aliases, $before, $settings] }
  notify { "${title} text": message => $text }
}
