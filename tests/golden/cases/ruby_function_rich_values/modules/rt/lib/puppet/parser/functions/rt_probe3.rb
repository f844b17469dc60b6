module Puppet::Parser::Functions
  newfunction(:rt_probe3, :type => :rvalue) do |args|
    v = args[0]
    [v.class.to_s, v.to_s, (v.respond_to?(:type) ? v.type.to_s : ''), (v.respond_to?(:title) ? v.title.to_s : '')].join(' | ')
  end
end
