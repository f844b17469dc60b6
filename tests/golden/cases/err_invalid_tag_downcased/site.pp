# An invalid tag is named downcased (apache's vhost fragments: concat tags the fragment with its
# target's name): Puppet's Tagging#tag downcases the name before it checks it.
notify { 'x': tag => 'The First, Vhost' }
