# Optional[Enum] (selinux's $type) given another string: "an undef value or a match for" the Enum.
class c(Optional[Enum['minimum', 'mls', 'targeted']] $type = undef) {}
class { 'c': type => 'minimal' }
