$u = undef
$hash = { 'a' => 'x', 'b' => 2, 'c' => [1] }
notify { 'radix': message => [sprintf('%d|%x|%o|%b|%5.1f|%-6s|%c|%c|%+x|%#x|%#o|%.3d|%08.3x|%-8b|', '12', -255, -8, -5, '2.25', 'ab', 'h', 66, -255, -255, -8, 7, -1, -5), sprintf('%08x|%.3x|%8x|%.5o|%08b|%#08x|%#.5x|% 08x|%#b|%#o|%#X|%X|%#B', -1, -1, -1, -8, -5, -255, -255, -255, -5, 8, -255, -255, 5), sprintf('%#x|%#o|%#b|%08.3d|%+.3d|%-08d|%d|%d|%x', 0, 0, 0, 5, 5, 5, 3.99, -3.5, '0x1f')] }
notify { 'named': message => [sprintf('%{a}|%5{a}|%<b>05.1f|%<c>s|%-4<a>s|', $hash), sprintf('%2$s %1$s|%1$s', 'a', 'b'), sprintf('%*d|%-*d|%.*f', 4, 1, 3, 2, 2, 3.14159)] }
notify { 'values': message => [sprintf('%s|%s|%s|%s|%s|%s|%s|%s|%s', [1, 'a', $u, [2.5]], { 'a' => 1, 'b' => [true] }, $u, File['/x'], Integer[1], 1.5, true, default, /re/), sprintf('%p|%p|%p|%s', 'q', [1, 'a'], $u, [default, "a\"b\n#{x}", 1e20, 0.0001, { 1 => 'é' }]), sprintf('%5s|%.2s|%-4s|%05s|%c', 'é', 'abc', 'é', 'a', 233)] }
notify { 'floats': message => [sprintf('%e|%.2E|%g|%G|%10.4g|%a|%+f|% f|%-10.2f|%010.3f', 12345.678, 1.5, 1e20, 1e-10, 3.14159, 1.0, 1.5, 1.5, 2.0, -3.14159)] }
