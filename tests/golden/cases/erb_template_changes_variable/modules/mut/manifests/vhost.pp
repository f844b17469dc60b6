define mut::vhost (Array $aliases, Hash $settings, Array $nested, Array $untouched = ['u']) {
  $before = $aliases
  notify { "${title} declared before": message => $aliases }
  $text = template('mut/vhost.erb')
  notify { "${title} after": message => [$aliases, $before, $settings, $nested, $untouched] }
  notify { "${title} text": message => $text }
}
