# A 3.x function file that defines a second, namespaced function (as docker's
# docker_run_flags.rb defines docker::escape), which the first calls through call_function.
module Puppet::Parser::Functions
  newfunction(:'flags::quote', type: :rvalue) do |args|
    "'#{args[0].to_s.gsub("'", "'\\\\''")}'"
  end

  newfunction(:'flags::note', type: :statement) do |args|
    "dropped #{args[0]}"
  end

  newfunction(:flags_of, type: :rvalue) do |args|
    opts = args[0] || {}
    flags = []
    flags << "-u #{call_function('flags::quote', [opts['user']])}" if opts['user']
    flags << "-h #{call_function('flags::quote', [opts['host']])}" if opts['host']
    flags << "note=#{call_function('flags::note', ['x']).inspect}"
    flags.join(' ')
  end
end
