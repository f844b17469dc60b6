class a { notify { 'a': } }
class b { notify { 'b': } }
class c { notify { 'c': } }
class outer {
  include a
  require b
  contain c
}
include outer
include a
