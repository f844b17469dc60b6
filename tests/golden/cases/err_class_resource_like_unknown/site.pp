# A resource-like declaration of a class nothing defines: Puppet's wording names the title as
# written (not include's "Could not find class ::x for NODE").
notify { 'before': }
class { '::NoSuch::Thing':
  enabled => true,
}
