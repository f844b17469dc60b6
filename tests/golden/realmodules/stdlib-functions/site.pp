# real-module case stdlib-functions (functions), from scripts/real-modules-cases.yaml
$x = pick(undef, 'a')
notify { "${x} ${join([1, 2], '-')}": }
