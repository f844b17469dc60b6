# import is Puppet 3's; Puppet 7 refuses it wherever it is called.
notify { 'before': }
$x = import('nodes.pp')
