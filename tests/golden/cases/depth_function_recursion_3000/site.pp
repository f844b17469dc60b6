function f($n) { if $n == 0 { 0 } else { f($n-1)+1 } }
notice(f(3000))
