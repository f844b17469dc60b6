# A collector's query compares with literal values, strings, variables and accesses only: Puppet
# refuses an array when it turns the query into code, with no resource to match.
notify { 'x': }
Notify <<| message == ['a', 'b'] |>>
