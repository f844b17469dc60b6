# `require 'puppet'` in a module's Ruby finds marionette's layer, not Puppet.
require 'marionette/puppet_compat'
