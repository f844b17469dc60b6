# frozen_string_literal: true

# A fact read through closure_scope, a multiple assignment of a splatted match.
Puppet::Functions.create_function(:'rn::memory') do
  dispatch :memory do
    required_param 'Any', :arg
    return_type 'Integer'
  end

  def memory(arg)
    scope = closure_scope
    size = if scope['facts']['memory'].nil?
             scope['facts']['memorysize']
           else
             scope['facts']['memory']['system']['total']
           end
    value, suffix = *%r{([0-9.e+-]*)\s*([^bB]?)}.match(size)[1, 2]
    value = value.to_f
    case suffix
    when 'k' then value *= (1 << 10)
    when 'M' then value *= (1 << 20)
    when 'G' then value *= (1 << 30)
    else raise Puppet::ParseError, "rn::memory(): Unknown suffix #{suffix}"
    end
    value = value.to_i
    ((value / (1 << 20)) * ((arg || '95%').to_f / 100.0)).floor
  end
end
