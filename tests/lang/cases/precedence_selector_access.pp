$x = $h["k"][0] ? { 1 => "one", default => "many" }
