# Lines of "kind name address [options...]" made into a Hash of Hashes, in the manner of a
# module's 3.x function: its own argument checks and raise, Integer checks, index, split,
# format, last(n), a regexp match, and a <<~ heredoc as doc.
module Puppet::Parser::Functions
  newfunction(:r3_rules, :type => :rvalue, :doc => <<~DOC) do |args|
    Turns rule lines into a Hash keyed by a generated title.
  DOC
    fname = "r3_rules()"
    raise(Puppet::ParseError, "#{fname}: Wrong number of arguments " +
      "given (#{args.size} for 3)") if args.size != 3

    lines = args[0]
    raise(Puppet::ParseError, "#{fname}: first argument must be an array") \
      unless lines.instance_of? Array

    start = args[2].to_i
    raise(Puppet::ParseError, "#{fname}: third argument must be a number") \
      unless start.instance_of? Fixnum

    rules = {}
    lines.each do |line|
      index = lines.index(line)
      parts = line.split
      rule = {
        'kind' => parts[0],
        'name' => parts[1],
        'order' => format('%03d', start + index),
      }
      if parts[2] =~ /^\d/ then
        rule['address'] = parts[2]
      end
      if parts.length > 3 then
        rule['options'] = parts.last(parts.length - 3).join(" ")
      end
      rules["rule #{args[1]} #{index}"] = rule
    end
    rules
  end
end
