class svc(String $template, String $caller) {
  notify { 'svc': message => [$template, $caller, lookup('svc::looked')] }
}
