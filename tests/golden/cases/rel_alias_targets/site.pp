# Relationships reach a resource by its alias metaparameter or its namevar (a file's path); a
# target keeps the title it was named by.
notify { 'with_alias': alias => ['aliased', 'second'] }
notify { 'r1': require => Notify['aliased'] }
notify { 'r2': before => Notify['second'] }
Notify['aliased'] -> Notify['r1']
Notify['r2'] -> Notify['second']
file { 'x': path => '/tmp/x' }
notify { 'r3': before => File['/tmp/x'] }
Notify['r3'] -> File['/tmp/x']
Notify <| title == 'aliased' |> { message => 'collected' }
