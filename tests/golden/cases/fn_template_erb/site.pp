$global_setting = 'from top scope'
$nothing = undef
class web::params {
  $docroot = '/var/www'
}
class web (
  String $server_name = 'www.example.com',
  Array $aliases = ['example.com', 'example.org'],
  Hash $options = { 'KeepAlive' => 'On', 'Timeout' => 30, 'Ratio' => 0.5, 'Missing' => undef },
  Optional[String] $admin = undef,
  Integer $port = 8080,
  Boolean $ssl = false,
) inherits web::params {
  $listen = [80, 443]
  file { '/etc/web/vhost.conf':
    content => template('web/header.erb', 'web/vhost.erb'),
  }
  file { '/etc/web/inline':
    content => inline_template("<%= @server_name %> on <%= @port %>\n", '<%= @listen.join(",") %>'),
  }
  notify { 'facts and scope':
    message => inline_template('<%= @os["family"] %> <%= @facts["os"]["name"] %> <%= @networking["hostname"] %> <%= scope["web::params::docroot"] %> <%= scope.lookupvar("::global_setting") %>'),
  }
  notify { 'undef and default':
    message => inline_template('[<%= @admin.inspect %>] [<%= @nothing.inspect %>] [<%= @not_a_var.inspect %>] <%= has_variable?("admin") %> <%= has_variable?("port") %> <%= @options.inspect %>'),
  }
}
include web
