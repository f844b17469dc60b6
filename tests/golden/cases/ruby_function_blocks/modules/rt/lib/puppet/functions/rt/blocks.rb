Puppet::Functions.create_function(:'rt::blocks') do
  def blocks(values)
    seen = []
    call_function('each', values) { |x| seen << x * 2 }
    {
      'each' => seen,
      'map' => call_function('map', values) { |x| "<#{x}>" },
      'reduce' => call_function('reduce', values) { |memo, x| memo + x },
      'filter pairs' => call_function('filter', { 'a' => 1, 'b' => 2 }) { |k, v| v > 1 || k == 'a' && false },
      'with index' => call_function('map', values) { |i, x| i * 10 + x },
      'nested' => call_function('map', [[1, 2], [3]]) { |inner| call_function('map', inner) { |y| y + 100 } },
      'with' => call_function('with', 5, 6) { |x, y| x * y },
    }
  end
end
