# A regex literal may span lines (cron's Cron::Minute); `(?x)` drops its blanks and comments,
# an inline option group `(?i-mx:...)` applies to its group only.
type Minute = Pattern[/(?x)\A(
    \* ( \/ ( [1-5][0-9]?|[6-9] ) )?    # every N minutes
    |         [1-5]?[0-9] ( - [1-5]?[0-9] ( \/ ( [1-5][0-9]?|[6-9] ) )? )?
        ( ,   [1-5]?[0-9] ( - [1-5]?[0-9] ( \/ ( [1-5][0-9]?|[6-9] ) )? )? )*
  )\z/]
$checks = ['*/5', '10-20/2', '1,2,3', '* / 5', '61'].map |$m| { [$m, $m =~ Minute] }
notify { 'minutes': message => $checks }
$switch = ['on', 'ON', 'Present', 'off', 'xon'].map |$v| { [$v, $v =~ /\A(?i-mx:on|present)\z/] }
notify { 'switch': message => $switch }
notify { 'partial': message => ['aBc' =~ /\Aa(?i:b)c\z/, 'aBC' =~ /\Aa(?i:b)c\z/, "a\nb" =~ /\A(?m:a.b)\z/] }
$slash = /a\/b
c/
notify { 'slash': message => "${slash}" }
