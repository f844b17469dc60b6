# A backslash before the end of a line joins the lines in a double-quoted string.
notify { "a \
   b": }
notify { "c \
 d": }
exec { "x": command => "/bin/true 2>&1 \
     | /bin/grep -q y", unless => '/bin/a \
 b' }
