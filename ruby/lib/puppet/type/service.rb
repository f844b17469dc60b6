# Custom facts that require Puppet's puppet/type/service get marionette's stand-in.
require 'marionette/facter_puppet'
