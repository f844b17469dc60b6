function g($n) { g($n+1) }
notice(g(0))
