# A Variant whose first type is an Enum (mysql's package_ensure): the mismatches merge into a
# PatternMismatch, "a match for" the whole Variant, the string quoted.
class a(Variant[Enum['absent', 'present'], Pattern[/(\d+)[\.](\d+)[\.](\d+)/]] $package_ensure) {}
class { 'a': package_ensure => 'installed' }
