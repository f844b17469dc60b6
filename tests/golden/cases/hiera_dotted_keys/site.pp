notify { 'merged': message => lookup('opts.nested') }
notify { 'deeper': message => lookup('opts.nested.p') }
notify { 'first_only': message => lookup('first.sub', undef, undef, 'not found') }
notify { 'index': message => lookup('arr.1') }
notify { 'int_key': message => lookup('num.5', undef, undef, 'none') }
