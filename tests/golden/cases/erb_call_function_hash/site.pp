# scope.call_function(name, args) hands the function `*args`, as Puppet does: a Hash becomes
# its [key, value] pairs, one an argument (saz's sudo::defaults from sudoers.erb).
$settings = { 'env_reset' => true, 'mail_badpass' => 'yes' }
notify { 'calls': message => template('tpl/calls.erb') }
