# References to virtual or exported resources pass Puppet's relationship check.
@notify { 'v': }
@@notify { 'e': }
notify { 'r': require => [Notify['v'], Notify['e']] }
@notify { 'w': require => Notify['nosuch'] }
