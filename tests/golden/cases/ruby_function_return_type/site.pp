# A value of the wrong type for the dispatch's return_type.
notify { 'ok': message => rt::badret('ok') }
notify { 'x': message => rt::badret(1) }
