# Years beyond a 32-bit int (gmtime_r's limit) and float seconds as Puppet turns them into
# nanoseconds (the float product, truncated).
$far = Timestamp(1e17)
notify { 'far':
  message => [
    "${far}", "${Timestamp(-1e17)}", "${Timestamp(6e16)}", "${Timestamp(1234567890.123)}",
    "${Timestamp(-1.5)}", "${Timestamp(-62135596801)}",
    strftime($far, '%C %y %j %a %A %b %u %w %e %I %p'),
    strftime(Timestamp(-1e17), '%C %y %j %a'),
  ],
}
