# A class included from a define declared inside another define takes both defines' tags.
define inner() { include cls }
define outer() { inner { "i-${title}": } }
class cls { file { '/tmp/x': } }
outer { 'pcspkr': }
