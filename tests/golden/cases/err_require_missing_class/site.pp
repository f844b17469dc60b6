# A class named by require must be declared.
class foo {}
notify { 'r': require => Class['foo'] }
