# Whether the resource defaults the caller sees set an attribute: self.lookupdefaults.
module Puppet::Parser::Functions
  newfunction(:r3_has_default, :type => :rvalue, :doc => <<-EOS
Whether resource defaults in scope set the attribute.
EOS
  ) do |arguments|
    raise(Puppet::ParseError, "r3_has_default(): Wrong number of arguments " +
      "given (#{arguments.size} for 2)") if arguments.size != 2

    type = arguments[0].split('::').collect{ |x| x.capitalize }.join('::')
    attribute = arguments[1]

    return self.lookupdefaults(type).has_key?(attribute.to_sym)
  end
end
