notify { 'opt': message => String([rn::opt('x'), rn::opt('xy', 2), rn::opt('x', 3, 'p', 'q')]) }
notify { 'defaults': message => String([rn::defaults(1), rn::defaults(1, 2), rn::defaults(1, 2, 3)]) }
