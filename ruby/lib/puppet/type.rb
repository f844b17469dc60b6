# Custom facts that require Puppet's puppet/type get marionette's stand-in.
require 'marionette/facter_puppet'
