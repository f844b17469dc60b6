# A string index must be an Integer (or a string that spells one).
$s = "abc"
notify { "letter: ${s['x']}": }
