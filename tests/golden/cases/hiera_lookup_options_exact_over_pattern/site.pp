notify { 'k': message => lookup('app::k') }
notify { 'other': message => lookup('app::other') }
