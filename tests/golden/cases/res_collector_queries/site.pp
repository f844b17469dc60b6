@notify { 'a': message => 'x', tag => ['t1'] }
@notify { 'b': message => 'y' }
@notify { 'c': message => 'x' }
@notify { 'd': message => 'z', tag => ['t2'] }
Notify <| message == 'x' and title != 'a' |>
Notify <| (tag == 't1' or tag == 't2') and message != 'z' |>
