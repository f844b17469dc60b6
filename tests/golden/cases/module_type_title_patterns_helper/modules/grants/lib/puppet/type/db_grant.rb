# Composite namevars whose title patterns come from a helper under lib/puppet_x.
require File.expand_path(File.join(File.dirname(__FILE__), '..', '..', 'puppet_x', 'grants', 'titles'))
require 'puppet/parameter/boolean'

Puppet::Type.newtype(:db_grant) do
  @doc = 'A grant of a database to a user.'
  ensurable

  newparam(:user, namevar: true) do
    desc 'The user.'
  end

  newparam(:database) do
    desc 'The database.'
    isnamevar
    validate do |value|
      raise ArgumentError, 'empty' if value.empty?
    end
  end

  newparam(:grant_option, boolean: true, parent: Puppet::Parameter::Boolean) do
    defaultto false
  end

  newproperty(:privileges, array_matching: :all) do
    newvalues(/^\w+$/)
  end

  autorequire(:db_user) { [self[:user]] }

  def self.title_patterns
    PuppetX::Grants::Titles.split(:user, :database)
  end
end
