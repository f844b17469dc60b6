# A type named with a leading `::` (php's `::Php::Config[$title]`) is the same type.
php::config { 'a': }
notify { 'after': require => ::Php::Config['a'] }
notify { 'names': message => [::Php::Config['a'], "${::String}", ::Notify['after']] }
::Php::Config <| title == 'a' |> { value => 'collected' }
