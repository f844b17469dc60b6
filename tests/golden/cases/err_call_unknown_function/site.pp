# call() of a function that does not exist.
$x = 1
call('no_such_function', $x)
