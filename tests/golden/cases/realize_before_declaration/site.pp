# realize() of a virtual resource that a defined type declares only later in the compile:
# Puppet realizes it at the end, once it exists.
define maker($text) {
  @notify { "made ${title}": message => $text }
}
realize(Notify['made a'], [Notify['made b']])
maker { 'a': text => 'one' }
maker { 'b': text => 'two' }
maker { 'c': text => 'never realized' }
