stage { 'pre': before => Stage['main'] }
stage { 'post': }
Stage['main'] -> Stage['post']
class early { notify { 'early': } }
class late { notify { 'late': } }
class { 'early': stage => 'pre' }
class { 'late': stage => post }
