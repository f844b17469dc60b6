# Two dispatches chosen by the arguments' types, private helpers, Puppet::ParseError raised.
Puppet::Functions.create_function(:'rn::rules') do
  dispatch :from_lines do
    param 'Array[String]', :lines
    param 'String[1]', :id
    param 'Integer[0]', :offset
    return_type 'Hash'
  end

  dispatch :from_line do
    param 'String', :line
    return_type 'Array'
  end

  def from_lines(lines, id, offset)
    rules = {}
    lines.each do |line|
      index = lines.index(line)
      parts = line.split
      unless parts.length >= 4
        raise(Puppet::ParseError, "rn::rules(): line #{index} does not " \
          'have enough parts')
      end
      rule = {
        'type' => parts[0],
        'order' => '%03d' % (offset + index),
      }
      rule['option'] = parts.last(parts.length - 4).join(' ') if parts.length > 4
      rule['address'] = parts[3] if parts[3] =~ %r{^\d}
      rules["rule #{id} #{index}"] = rule
    end
    rules
  end

  def from_line(line)
    words(line).map { |word| word.upcase }
  end

  private

  def words(line)
    line.split
  end
end
