module Puppet::Parser::Functions
  newfunction(:mk) do |args|
    function_create_resources(['notify', { "from-ruby-#{args[0]}" => { 'message' => 'hi' } }, { 'tag' => 'extra' }])
  end
end
