$known = 'k'
notify { "a${known}b": }
notify { "a${unknown}b": }
