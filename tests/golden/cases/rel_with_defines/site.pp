define d { notify { "d-${title}": } }
d { 'x': }
d { 'y': }
D['x'] -> D['y']
