$name = 'world'
$h = { 'k' => 'v', 'n' => { 'm' => 1 } }
$a = [1, 2, 3]
notify { 'i': message => "hello ${name} $name ${h['k']} ${h['n']['m']} ${a[1]} ${a} ${h} ${a.length} ${name.upcase}" }
notify { 'expr': message => "sum=${1 + 2} cmp=${1 < 2} undef=[${undef}] float=${1.5} neg=${-3}" }
