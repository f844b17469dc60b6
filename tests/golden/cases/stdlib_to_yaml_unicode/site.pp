# stdlib's to_yaml (Psych 4 on libyaml 0.2.5, real Puppet 7.23 with Debian's stdlib) on the
# characters libyaml takes for line breaks (U+0085, U+2028, U+2029) or does not print (C0 and
# C1 controls, U+FEFF, U+FFFE, beyond U+FFFF), on the first characters Psych double-quotes a
# string for, on keys that cannot be simple, and on long strings libyaml folds at 80 columns.
node default {
  $cases = {
    'ls'           => { 'a' => "x\u2028y" },
    'ps'           => { 'a' => "x\u2029\u2029y" },
    'nel'          => { 'a' => "x\u0085y" },
    'ls_alone'     => "\u2028",
    'ls_first'     => { 'a' => "\u2028x" },
    'ls_last'      => ["x\u2028", 'next'],
    'ls_spaces'    => { 'a' => "x\u2028 y", 'b' => "x \u2028y" },
    'ls_literal'   => { 'a' => "x\u2028y\nz\n", 'b' => "a\nb\u2028", 'c' => 1 },
    'ls_lead_lit'  => { 'a' => "\u2028a\nb" },
    'ls_newline'   => { 'a' => "x\u2028\n" },
    'ls_nested'    => [["x\u2028"], { 'k' => { 'j' => "a\nb\u2028" }, 'after' => 2 }],
    'nbsp'         => { 'a' => "x\u00A0y", 'b' => "\u00A0x" },
    'bom'          => { 'a' => "x\uFEFFy", 'b' => "x\uFFFEy" },
    'astral'       => { 'a' => "x\u{1F600}y" },
    'c1'           => { 'a' => "x\u0080y", 'b' => "x\u009Fy", 'c' => "\u00E9\u0085" },
    'controls'     => { 'a' => "x\u0000y", 'b' => "\r", 'c' => "tab\there" },
    'punctuation'  => { 'a' => "\u20AC x", 'b' => "\u00BFx", 'c' => "\u00ABx\u00BB", 'd' => "\u00B7x", 'e' => "\u65E5\u672C", 'f' => "\u03A9" },
    'keys'         => { "k\u2028" => 1, "l\u2028" => [1, 2], "m\u2028" => { 'b' => 1 }, "\u2028" => 'v', "x\u0085" => '', "n\nx" => 1 },
    'key_in_list'  => [{ "k\u2028" => 1 }],
    'long_key'     => { 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk' => 1 },
    'fold_plain'   => { 'a' => 'word word word word word word word word word word word word word word word word word word word word end', 'b' => { 'c' => 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx yyyy' } },
    'fold_quoted'  => { 'a' => "it's it's it's it's it's it's it's it's it's it's it's it's it's it's it's it's it's it's it's it's ", 'b' => "tab\tw w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w", 'c' => "\u00A0w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w  x" },
    'fold_ls'      => { 'a' => "w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w \u2028x" },
    'fold_list'    => ['word word word word word word word word word word word word word word word word word word word word end'],
    'fold_root'    => 'word word word word word word word word word word word word word word word word word word word word end',
    'keep'         => { 'a' => "a\nb\n\n", 'b' => 1 },
    'keep_root'    => "a\nb\n\n",
    'indent_hint'  => { 'a' => " a\nb", 'b' => "\na" },
    'breaks'       => { 'a' => "a\n\n", 'b' => "a\n", 'c' => "a \nb\n", 'd' => "a\n b" },
    'first_char'   => { 'a' => '"abc', 'b' => "x\n#y", 'c' => 'Y', 'd' => 'N', 'e' => 'y', 'f' => '- x', 'g' => 'x: ', 'h' => '--- x', 'i' => 'a,b', 'j' => '@x' },
    'merge_key'    => { 'a' => '<<', '<<' => 1 },
    'undef_key'    => { undef => 1, 'a' => undef, 'b' => [undef, '', []] },
  }
  $cases.each |$name, $value| {
    notify { $name: message => to_yaml($value) }
  }
}
