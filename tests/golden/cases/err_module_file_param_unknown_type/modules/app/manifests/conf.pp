# Loaded for the define app::conf; the class after it is never declared, its unknown type (in a
# hash's value type) fails the compile when the file is loaded.
define app::conf (String $v = 'x') {
  notify { $title: }
}
class app::conf::other (Hash[String, Nosuch::Thing] $h = {}) { }
