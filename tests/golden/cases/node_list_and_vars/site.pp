$top = 'topvar'
node 'db1', 'web01.example.com' {
  $nodevar = 'nv'
  notify { 'list': message => "${top} ${nodevar} ${trusted['certname']}" }
}
