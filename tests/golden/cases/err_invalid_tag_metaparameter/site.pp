# Tags are words: letters, digits, _, then also :, . and -.
notify { 'r':
  tag => ['ok', 'Also::Fine', '-bad'],
}
