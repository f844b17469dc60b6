# A title that is not a String (an Integer key, as stdlib's ensure_resource passes a port): Puppet
# writes it as a string title, sets name from it, and does not tag the resource with it.
create_resources('foo::listen', { 80 => {}, 'b' => {} })
