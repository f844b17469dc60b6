# :arity => 2: Puppet counts the arguments before the body runs.
module Puppet::Parser::Functions
  newfunction(:r3e_pair, :type => :rvalue, :arity => 2, :doc => <<-EOS
    Joins two values.
    EOS
  ) do |args|
    "#{args[0]}=#{args[1]}"
  end
end
