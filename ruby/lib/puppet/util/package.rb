# Custom facts that require Puppet's puppet/util/package get marionette's stand-in.
require 'marionette/facter_puppet'
