# A class that inherits a class nothing defines: Puppet names the parent as written, from the
# top namespace, and the line of the class that inherits it.
notify { 'before': }

class app inherits NoSuch::Base {
  notify { 'app': }
}
include app
