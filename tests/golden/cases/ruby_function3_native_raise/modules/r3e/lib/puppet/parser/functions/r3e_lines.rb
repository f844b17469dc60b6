# A module's own check, raised as Puppet::ParseError.
module Puppet::Parser::Functions
  newfunction(:r3e_lines, :type => :rvalue, :doc => <<-EOS
    Checks that each line has three parts at least.
    EOS
  ) do |args|
    args[0].each do |line|
      index = args[0].index(line)
      raise(Puppet::ParseError, "r3e_lines(): line #{index} does not " +
        "have enough parts") unless line.split.length >= 3
    end
    args[0].length
  end
end
