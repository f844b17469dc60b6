# A class name is made of words: a hyphen is not allowed.
class fail-whale {}
include fail-whale
