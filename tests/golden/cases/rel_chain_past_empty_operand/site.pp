# A chain passes over an operand that names no resource: an empty collector or array.
notify { 'a': } -> Package<| tag == 'none' |> ~> notify { 'b': }
notify { 'c': } -> Package<| tag == 'x' |> ~> notify { 'd': }
package { 'p': tag => 'x' }
notify { 'e': } -> [] -> notify { 'f': }
notify { 'g': } -> [] -> [] ~> notify { 'h': }
anchor { 'begin': } -> Service<| tag == 'none' |> ~> anchor { 'end': }
Notify['a'] -> Notify['b'] -> Service<| tag == 'none' |>
