# An Enum parameter given a Boolean: Puppet's PatternMismatch, "a match for" the Enum.
class e(Enum['x', 'y'] $p) {}
class { 'e': p => true }
