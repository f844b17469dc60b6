# stdlib's to_yaml quotes what YAML 1.1 would read as a boolean or null, as keys and values
# ('y', 'n', 'on', 'off', 'yes', 'no'...), as Psych writes them; 'Y' and 'N' stay plain.
notify { 'y': message => to_yaml({ 'y' => 'n', 'on' => 'off', 'yes' => ['no', 'true', 'Y', 'N', 'ON', 'Off', 'null', '~', '1.5', '012', 'x'], 'n' => { 'off' => 'y' } }) }
