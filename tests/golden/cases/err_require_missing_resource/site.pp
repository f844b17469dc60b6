# Every resource a relationship metaparameter names must be in the catalog.
notify { 'a': }
notify { 'r':
  require => [Notify['a'], Notify['b']],
}
