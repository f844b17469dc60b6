# Another node's exported resource with the title of one of this catalog's resources.
host { 'db01.example.com': ip => '10.0.0.9' }
Host <<| |>>
