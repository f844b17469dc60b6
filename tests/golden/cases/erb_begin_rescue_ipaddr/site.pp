# begin/rescue/else/ensure and IPAddr.new in ERB, as haproxy's fragments/_bind.erb checks an
# address: rendered by the native engine; the IPv6 address and the network go to Ruby's ERB.
class br (
  Array[String] $addresses = ['10.0.0.1', 'web-1.example.com', '*', '192.168.0.20'],
  Array[String] $ports = ['80', '443'],
) {
  notify { 'bind': message => template('br/bind.erb') }
  notify { 'flow': message => template('br/flow.erb') }
  notify { 'v6': message => inline_template("<%- require 'ipaddr' -%><%= IPAddr.new('fe80::1:2') %> <%= IPAddr.new('10.9.0.0/16').to_s %>") }
}
include br
