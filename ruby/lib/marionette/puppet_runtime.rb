# frozen_string_literal: true

# The parts of Puppet's runtime that module Ruby reaches for beyond the function APIs, written
# for marionette: Puppet[:setting], Puppet.version, Puppet::Util (execution, which,
# versioncmp), Puppet::FileSystem, Puppet::Module.find; `require 'puppet/...'` of what Puppet
# has loaded anyway; and, for anything else under Puppet, an error naming the constant or
# method marionette does not provide (Marionette::Unprovided), never a crash.

# Loaded when first used: Ruby's start-up pays nothing for them.
autoload :JSON, 'json'
autoload :Open3, 'open3'
autoload :Pathname, 'pathname'

module Puppet
  # As `puppet --version` says: the version of the Puppet whose behaviour the compile follows
  # (puppet_compat: 7.23.0 or 8.28.1), which marionette answers for a name no variable has;
  # while a type file is read (no compile to ask), that of the default, 8.
  def self.version
    return '8.28.1' if Marionette.reading_type?

    Marionette::Host.lookup_variable('*puppet_version')
  end

  # Settings as Debian's Puppet 7 has them for root, the compile's own where it has them (its
  # strictness, as $settings::strict and $settings::strict_variables give it).
  DEFAULT_SETTINGS = {
    basemodulepath: '/etc/puppet/code/modules:/usr/share/puppet/modules',
    codedir: '/etc/puppet/code',
    confdir: '/etc/puppet',
    digest_algorithm: 'sha256',
    environmentpath: '/etc/puppet/code/environments',
    group: 'puppet',
    hiera_config: '/etc/puppet/hiera.yaml',
    libdir: '/var/cache/puppet/lib',
    logdir: '/var/log/puppet',
    rundir: '/run/puppet',
    server: 'puppet',
    show_diff: false,
    ssldir: '/var/lib/puppet/ssl',
    statedir: '/var/cache/puppet/state',
    strict: :warning,
    strict_variables: false,
    user: 'puppet',
    vardir: '/var/cache/puppet',
    code: '',
    default_file_terminus: :rest
  }.freeze

  def self.[](name)
    name = name.to_sym
    case name
    when :environment then Marionette::Host.lookup_variable('::environment') || 'production'
    when :certname then Marionette::Host.lookup_variable('::clientcert') || DEFAULT_SETTINGS[:server]
    when :modulepath then Marionette.modulepath.join(':')
    when :strict, :strict_variables
      return DEFAULT_SETTINGS[name] if Marionette.reading_type?

      value = Marionette::Host.lookup_variable("settings::#{name}")
      name == :strict ? value.to_sym : value
    else DEFAULT_SETTINGS[name] # nil for a setting it does not know, as Puppet's
    end
  end

  # Puppet.settings[:name], as Puppet[:name].
  module Settings
    def self.[](name)
      Puppet[name]
    end
  end

  def self.settings
    Settings
  end

  # Puppet.features.NAME?: what this machine has, as Puppet's feature checks answer.
  module Features
    LIBRARIES = { augeas?: 'augeas', selinux?: 'selinux', msgpack?: 'msgpack', hocon?: 'hocon' }.freeze

    def self.root? = Process.uid.zero?
    def self.posix? = true
    def self.microsoft_windows? = false

    def self.method_missing(name, *_arguments)
      return super unless name.end_with?('?')

      library = LIBRARIES[name]
      @loadable ||= {}
      @loadable.fetch(name) do
        @loadable[name] = library ? loadable?(library) : false
      end
    end

    def self.respond_to_missing?(name, include_private = false)
      name.end_with?('?') || super
    end

    def self.loadable?(library)
      require library
      true
    rescue LoadError
      false
    end
  end

  def self.features
    Features
  end

  # A warning given once per kind and key, as Puppet's deprecation warnings are.
  def self.warn_once(kind, key, message, _file = nil, _line = nil, _level = :warning)
    @warned ||= {}
    return if @warned[[kind, key]]

    @warned[[kind, key]] = true
    warning(message)
  end

  def self.deprecation_warning(message, key = nil)
    warn_once('deprecations', key || message, message)
  end

  class ExecutionFailure < Error; end
  class ResourceError < Error; end

  module Util
    # Puppet's package version comparison, as the versioncmp function does it.
    module Package
      def self.versioncmp(version_a, version_b, _ignore_trailing_zeroes = false)
        Marionette::Host.call_function('versioncmp', [version_a.to_s, version_b.to_s])
      end
    end

    # What Puppet::Util::Execution.execute returns: the output, with the exit status.
    class ProcessOutput < String
      attr_reader :exitstatus

      def initialize(value, exitstatus)
        super(value)
        @exitstatus = exitstatus
      end
    end

    module Execution
      # Runs a command (a String for the shell, or an Array of words). Options as Puppet's:
      # failonfail (true), combine (true: standard error is part of the output).
      def self.execute(command, options = {})
        options = { failonfail: true, combine: true }.merge(options)
        words = command.is_a?(Array) ? command.map(&:to_s) : [command.to_s]
        output, status =
          if options[:combine]
            Open3.capture2e(*words)
          else
            Open3.capture2(*words, err: File::NULL)
          end
        text = words.join(' ')
        if options[:failonfail] && !status.success?
          raise ExecutionFailure, "Execution of '#{text}' returned #{status.exitstatus}: #{output.strip}"
        end

        ProcessOutput.new(output, status.exitstatus)
      rescue SystemCallError => e
        raise ExecutionFailure, "Execution of '#{text || command}' returned 1: #{e.message}" if options[:failonfail]

        ProcessOutput.new('', 1)
      end
    end

    def self.execute(command, options = {})
      Execution.execute(command, options)
    end

    # The first executable of that name on PATH (or the path itself when absolute), or nil.
    def self.which(bin)
      if absolute_path?(bin.to_s)
        return File.file?(bin) && File.executable?(bin) ? bin : nil
      end

      ENV.fetch('PATH', '').split(File::PATH_SEPARATOR).each do |dir|
        path = File.join(dir, bin.to_s)
        return path if File.file?(path) && File.executable?(path)
      end
      nil
    end

    def self.absolute_path?(path, _platform = :posix)
      path.is_a?(String) && path.start_with?('/')
    end

    module Json
      def self.load(text, options = {})
        JSON.parse(text, options)
      end

      def self.dump(value, options = {})
        options.empty? ? JSON.generate(value) : JSON.pretty_generate(value, options)
      end
    end
  end

  # The file operations Puppet's code goes through, on the local file system.
  module FileSystem
    def self.path_string(path)
      path.is_a?(Pathname) ? path.to_s : path
    end

    def self.pathname(path)
      Pathname.new(path_string(path))
    end

    def self.exist?(path) = File.exist?(path_string(path))
    def self.file?(path) = File.file?(path_string(path))
    def self.directory?(path) = File.directory?(path_string(path))
    def self.symlink?(path) = File.symlink?(path_string(path))
    def self.executable?(path) = File.executable?(path_string(path))
    def self.readlink(path) = File.readlink(path_string(path))
    def self.stat(path) = File.stat(path_string(path))
    def self.lstat(path) = File.lstat(path_string(path))
    def self.size(path) = File.size(path_string(path))
    def self.basename(path) = pathname(path).basename
    def self.dir(path) = pathname(path).dirname
    def self.dir_string(path) = File.dirname(path_string(path))
    def self.binread(path) = File.binread(path_string(path))
    def self.children(path) = pathname(path).children
    def self.expand_path(path, dir = nil) = File.expand_path(path_string(path), dir)

    def self.read(path, options = {})
      File.read(path_string(path), **options)
    end

    def self.read_preserve_line_endings(path)
      File.read(path_string(path), mode: 'rb:UTF-8')
    end
  end

  # A module of the compile's modulepath, as Puppet::Module.find gives it.
  class Module
    attr_reader :name, :path

    def self.find(name, _environment = nil)
      path = Marionette.module_dir(name.to_s)
      path && new(name.to_s, path)
    end

    def initialize(name, path)
      @name = name
      @path = path
    end

    def file_directory = File.join(@path, 'files')
    def template_directory = File.join(@path, 'templates')
    def plugin_directory = File.join(@path, 'lib')
  end

  module Pops
    module Types
      # TypeCalculator.instance?(type, value), as Puppet's class method.
      module TypeCalculator
        def self.instance?(type, value)
          type.instance?(value)
        end
      end
    end
  end
end

module Marionette
  # Each module's lib/ directory, the modulepath's first module first.
  def self.module_libs
    @module_libs || []
  end

  # The compile's module lib/ directories (all of them, even those that do not exist), which
  # Puppet has at the end of $LOAD_PATH. Ruby 3.1 takes the real path of each $LOAD_PATH entry
  # (a readlink per path component) whenever $LOAD_PATH changes, so only the ones the compile's
  # Ruby reaches go there (reach_module_lib): a function's own module's when it is called, and
  # the first holding a file that a require finds nowhere else (PuppetRequires), as Puppet's
  # search finds it.
  def self.use_module_libs(libs)
    @module_libs = libs
  end

  # The module lib/ directory `file` is in, or nil.
  def self.module_lib_of(file)
    module_libs.find { |lib| file.start_with?("#{lib}/") }
  end

  # Puts `lib` on $LOAD_PATH among the module lib/ directories already there, in modulepath
  # order, after Ruby's own directories.
  def self.reach_module_lib(lib)
    return if lib.nil? || $LOAD_PATH.include?(lib)

    rank = module_libs.index(lib) || module_libs.size
    later = $LOAD_PATH.index { |dir| (module_libs.index(dir) || -1) > rank }
    later ? $LOAD_PATH.insert(later, lib) : $LOAD_PATH.push(lib)
  end

  # The first module lib/ directory holding what `require feature` loads (FEATURE.rb or .so,
  # or FEATURE with its extension), or nil; a path (absolute, ./, ../) is not searched for.
  def self.module_lib_providing(feature)
    return nil if feature.match?(%r{\A(/|\.\.?/|~)})

    names = File.extname(feature).empty? ? ["#{feature}.rb", "#{feature}.so"] : [feature]
    module_libs.find { |lib| names.any? { |name| File.file?(File.join(lib, name)) } }
  end

  # The compile's modulepath: the directories its modules' lib/ directories are in.
  def self.modulepath
    module_libs.map { |lib| File.dirname(File.dirname(lib)) }.uniq
  end

  # Extended into every module and class under Puppet that the layer defines: a constant or a
  # module method it lacks fails naming it and saying that marionette does not provide it.
  module Unprovided
    def const_missing(name)
      raise NameError.new("uninitialized constant #{self.name}::#{name} " \
                          "(marionette's Ruby layer does not provide it)", name)
    end

    def self.extend_all(namespace, seen = {})
      return if seen[namespace]

      seen[namespace] = true
      namespace.extend(self)
      namespace.constants(false).each do |name|
        next if namespace.autoload?(name)

        value = namespace.const_get(name, false)
        extend_all(value, seen) if value.is_a?(::Module) && value.name&.start_with?('Puppet')
      end
    end
  end

  # What Puppet has loaded before module Ruby runs: `require 'puppet'` or 'puppet/...' loads
  # only what a module's own lib/ has of that name, never a Puppet installed on the machine
  # (Debian's puppet package puts its code on Ruby's load path); otherwise it is a no-op, the
  # layer providing what it provides and anything else under Puppet failing, named, when used.
  # Any other require that Ruby's own directories and the module lib/ directories reached so far
  # do not satisfy is looked for in every module's lib/, as Puppet's $LOAD_PATH holds them all:
  # the first holding it is reached and the require tried again (autoload comes here too).
  module PuppetRequires
    def require(name)
      text = name.to_s
      if text == 'puppet' || text.start_with?('puppet/')
        own = Marionette.module_libs.map { |lib| File.join(lib, "#{text.delete_suffix('.rb')}.rb") }
                        .find { |path| File.file?(path) }
        return own ? super(own) : false
      end
      begin
        super
      rescue LoadError => e
        lib = e.path == text && Marionette.module_lib_providing(text)
        raise unless lib && !$LOAD_PATH.include?(lib)

        Marionette.reach_module_lib(lib)
        super
      end
    end
    private :require
  end
end

Object.prepend(Marionette::PuppetRequires)
