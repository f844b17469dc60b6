# concat::fragment with Deferred content (Debian's concat 7.3.1 checks it against
# $clientversion and $serverversion): a fragment the agent resolves when it applies
concat { '/etc/c.conf': }
concat::fragment { 'plain': target => '/etc/c.conf', content => "first\n", order => '01' }
concat::fragment { 'deferred': target => '/etc/c.conf', content => Deferred('sprintf', ["%s-%s\n", 'a', 'b']), order => '02' }
