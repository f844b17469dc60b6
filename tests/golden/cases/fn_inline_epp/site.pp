$x = 'world'
notify { 'e': message => [inline_epp('hello <%= $x %>'), inline_epp('<% [1, 2].each |$i| { -%>i=<%= $i %>
<% } -%>'), inline_epp('<%- | $p, $q = 2 | -%><%= $p %>/<%= $q %>', { 'p' => 1 }), inline_epp('<%# comment %>x<%% y')] }
