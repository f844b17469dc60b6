# A default's tag is checked where the resource takes it.
Notify { tag => 'x y' }

notify { 'r': }
