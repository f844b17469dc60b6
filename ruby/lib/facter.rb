# `require 'facter'` in a module's fact finds marionette's Facter layer, not Facter.
require 'marionette/facter_compat'
