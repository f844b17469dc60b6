class app::unused (Nosuch::Type $x) { }
