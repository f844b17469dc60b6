# A Ruby block given to call_function raises: the error is at the Ruby function's call.
notify { "before": }
  notify { "x": message => rt::r() }
