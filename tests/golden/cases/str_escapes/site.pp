notify { 'dq': message => "tab[\t] nl[\n] dollar[\$] quote[\"] backslash[\\] unicode[\u00e9] brace[\u{1F600}] s[\s] unknown[\q]" }
notify { 'sq': message => 'single \' quote \\ backslash \n not-newline $novar' }
