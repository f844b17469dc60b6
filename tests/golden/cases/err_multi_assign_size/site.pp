# Assigning to several variables at once needs as many values as variables.
[$a, $b] = [1]
notify { "a: ${a}": }
