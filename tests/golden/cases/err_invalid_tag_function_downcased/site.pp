# tag() of an invalid name: named downcased.
class c { tag('Bad Tag!') }
include c
