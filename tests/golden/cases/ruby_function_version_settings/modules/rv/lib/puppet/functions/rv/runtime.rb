# What a module's Ruby reads of the Puppet it runs in: its version and the compile's strictness.
Puppet::Functions.create_function(:'rv::runtime') do
  def runtime
    {
      'version_major' => Puppet.version.split('.').first,
      'version_at_least_8' => Puppet::Util::Package.versioncmp(Puppet.version, '8.0.0') >= 0,
      'strict' => Puppet[:strict].to_s,
      'strict_variables' => Puppet[:strict_variables],
      'settings' => [Puppet.settings[:strict].class.name, Puppet.settings[:strict_variables].class.name],
    }
  end
end
