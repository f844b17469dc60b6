$x = @("END"/L)
  | hello ${name} \
    world
  |-END
notice($x)
