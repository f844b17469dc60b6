notify { 'x': }
notify { 'y': }
Notify['x'] -> Notify['y']
Notify[x] -> Notify[y]
