# Types print as Puppet makes them: a Variant's duplicates removed (one type left is that
# type), nested Variants spread; Timespan bounds as Timespans; an Object type without
# attributes with its empty hash.
notify { 'variant': message => "${Variant[Integer, Integer, String]} ${Variant[Integer, Integer]} ${Optional[Variant[String, String]]} ${Variant[Integer[1, 2], Variant[Integer[1, 2], String]]}" }
notify { 'timespan': message => "${Timespan['1-00:00:00', '2-00:00:00']} ${Timespan[1, 2.5]} ${Timespan[default, 3]} ${Timespan[0]}" }
notify { 'object': message => "${Object} ${Type[Object]}" }
notify { 'string': message => String(Variant[Integer, Integer, String]) }
