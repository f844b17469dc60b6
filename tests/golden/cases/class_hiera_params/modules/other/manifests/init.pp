class other(Boolean $flag = false) {
  notify { 'other': message => $flag }
}
