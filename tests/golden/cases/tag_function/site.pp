class tagged {
  tag 'extra', 'more'
  notify { 'n': }
  notify { 'q': message => [tagged('extra'), tagged('tagged'), tagged('nope')] }
}
include tagged
