# Custom facts that require Puppet's puppet/type/package get marionette's stand-in.
require 'marionette/facter_puppet'
