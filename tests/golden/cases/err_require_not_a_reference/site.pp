# A string in require must spell a reference, Type[title].
notify { 'r': require => 'nonsense' }
