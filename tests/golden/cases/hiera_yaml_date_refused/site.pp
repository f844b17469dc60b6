# A date in Hiera data: Psych makes a Date of it, which Puppet's safe YAML loading refuses.
notify { 'x': message => String(lookup('a'), '%p') }
