# A class defined inside a loaded class, never declared: its parameter's type is resolved too.
class app {
  notify { 'app': }
  class inner (Array[Nosuch::Type] $x = []) { }
}
