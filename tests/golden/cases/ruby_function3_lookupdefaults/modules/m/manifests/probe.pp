define m::probe() {
  File { mode => '0644' }
  notify { "${title} Exec": message => seen_defaults('Exec', 'path') }
  notify { "${title} File": message => seen_defaults('File', 'mode') }
}
