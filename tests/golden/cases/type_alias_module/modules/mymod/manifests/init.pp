class mymod(Mymod::Small $level = 3) {
  notify { 'level': message => $level }
}
