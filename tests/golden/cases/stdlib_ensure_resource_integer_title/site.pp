# apache::vhost's ensure_resource('apache::listen', $port) with an Integer port: stdlib hands the
# title to create_resources as it was given, so Puppet sets name from it and does not tag the
# resource (nor what it contains) with it; so for each title of an Array.
$port = 80
ensure_resource('listen', $port)
ensure_resource('listen', [81, '82'])
ensure_resource('listen', 83, {})
