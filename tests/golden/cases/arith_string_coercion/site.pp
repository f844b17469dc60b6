# Strings in arithmetic are read as Puppet's Utils.to_n reads them: blanks around, a sign,
# hexadecimal, octal with a leading zero, decimal with a fraction or an unsigned-exponent.
$values = {
  'hex' => '0x10' + 1, 'octal' => '010' + 1, 'exponent' => '1e2' + 0, 'float' => '2.5' * 2,
  'negative_hex' => '-0x10' + 0, 'leading_blank' => ' 3' + 0, 'plus' => '+3' + 0,
  'octal_looking_float' => '010.5' + 0, 'upper_hex' => '0X1f' + 0, 'trailing_blank' => '3 ' + 0,
  'negative_octal' => '-010' + 0,
}
$values.each |$name, $value| { notify { $name: message => String($value, '%p') } }
