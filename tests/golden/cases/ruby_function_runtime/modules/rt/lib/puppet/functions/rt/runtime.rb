require 'puppet_x/rt/tools'

Puppet::Functions.create_function(:'rt::runtime') do
  def runtime
    out = Puppet::Util::Execution.execute('echo one; echo two >&2')
    failed = begin
      Puppet::Util::Execution.execute(['false'])
      'no'
    rescue Puppet::ExecutionFailure => e
      e.message
    end
    quiet = Puppet::Util::Execution.execute(['false'], failonfail: false)
    {
      'version_major' => Puppet.version.split('.').first,
      'versioncmp' => [Puppet::Util::Package.versioncmp('1.10', '1.9'), Puppet::Util::Package.versioncmp('1.0', '1.0')],
      'execute' => out,
      'exitstatus' => out.exitstatus,
      'failed' => failed,
      'quiet' => quiet.exitstatus,
      'helper' => PuppetX::Rt::Tools.shout('hi'),
      'fs' => [Puppet::FileSystem.exist?('/etc'), Puppet::FileSystem.directory?('/nonexistent-x'), Puppet::FileSystem.file?('/etc/hostname')],
      'module' => Puppet::Module.find('rt').name,
      'json' => Puppet::Util::Json.load('{"a": [1, 2]}'),
      'absolute' => [Puppet::Util.absolute_path?('/x'), Puppet::Util.absolute_path?('x')],
      'which' => !Puppet::Util.which('sh').nil?,
      'type_and_title' => [Puppet::Resource.type_and_title('file[/x]', nil), Puppet::Resource.type_and_title('class', 'foo::bar')],
      'autoloaded' => [Puppet::Parser::Functions.autoloader.loaded?(:rt_helper3), Puppet::Parser::Functions.autoloader.load(:rt_helper3) ? 'loads' : 'no', Puppet::Parser::Functions.autoloader.loaded?(:rt_helper3), Puppet::Parser::Functions.autoloader.loaded?(:no_such_function)],
      'features' => [Puppet.features.posix?, Puppet.features.microsoft_windows?, Puppet.features.no_such_feature?],
      'settings' => [Puppet.settings[:strict].to_s, Puppet.settings[:strict_variables]],
      'instance' => Puppet::Pops::Types::TypeCalculator.instance?(call_function('type', 'x'), 'x'),
    }
  end
end
