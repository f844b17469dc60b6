# What a 3.x function is handed: each argument's class and inspect (undef at the top and
# nested, numbers, a Hash), its :doc a <<-EOS heredoc.
module Puppet::Parser::Functions
  newfunction(:r3_shape, :type => :rvalue, :arity => -2, :doc => <<-EOS
    Describes its arguments, one "Class:inspect" each, joined by " | ".
    Takes one argument at least.
    EOS
  ) do |args|
    args.map { |arg| "#{arg.class}:#{arg.inspect}" }.join(' | ')
  end
end
