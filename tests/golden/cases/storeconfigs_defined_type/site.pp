# A defined type another node exported is evaluated where it is collected.
@@fleet::member { $facts['networking']['fqdn']: address => $facts['networking']['ip'] }
class balancer { Fleet::Member <<| |>> }
include balancer
