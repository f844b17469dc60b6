define app::thing { }
class app::thing::other (Nosuch::Kind $y = 'x') { }
