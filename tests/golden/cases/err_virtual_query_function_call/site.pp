# The same for a virtual collector: a function call is not a value its query takes.
$names = ['x']
@notify { 'x': }
Notify <| title == 'x' or title == $names[0] |>
Notify <| title == String(1) |>
