# The resource defaults the calling scope sees for a type, as nanliu/staging's scope_defaults
# reads them (Scope#lookupdefaults): "attr=value" pairs sorted, and whether ATTR is one of them.
module Puppet::Parser::Functions
  newfunction(:seen_defaults, :type => :rvalue) do |args|
    defaults = lookupdefaults(args[0])
    pairs = defaults.keys.sort.map { |name| "#{name}=#{defaults[name].value}" }
    "#{pairs.join(' ')} #{args[1]}:#{defaults.has_key?(args[1].to_sym)}"
  end
end
