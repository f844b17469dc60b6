@user { 'alice': uid => 1001 }
@user { 'bob': uid => 1002 }
@user { 'carol': uid => 1003, tag => 'admins' }
realize(User['alice'])
User <| tag == 'admins' |>
@notify { 'never': }
