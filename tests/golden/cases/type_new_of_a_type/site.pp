# Type(T), Type.new of a type, is that type (mysql's mysqlbackup.sh.epp:
# `type($optional_args) =~ Type(Array)`).
notify { 'type': message => ["${Type(Array)}", [1] =~ Type(Array), type([1]) =~ Type(Array), "${Type(Integer[1])}"] }
