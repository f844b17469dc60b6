function conf::quote(String $text) >> String {
  "'${text}'"
}
