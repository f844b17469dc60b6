# A type alias that is an array of types rather than a type (Variant[...] is meant).
type Site::Paths = [Stdlib::Absolutepath, Pattern[/^x/]]
notify { 'a': }
