# Without strict_variables an unknown variable is undef (Puppet warns): the catalog is made.
notify { 'plain': message => "[${nothing}]" }
notify { 'top': message => "[${::nothing}]" }
notify { 'qualified': message => "[${nosuch::thing}]" }
class web { notify { 'in class': message => "[$port]" } }
include web
