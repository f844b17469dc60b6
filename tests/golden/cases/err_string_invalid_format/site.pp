# String() takes one directive, '%<flags><width>.<prec><format>', and names the format it refuses.
notify { 'a': message => String(1, '%-10s|') }
