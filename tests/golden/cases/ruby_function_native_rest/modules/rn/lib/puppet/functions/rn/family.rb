# IPAddr as ipaddr reads addresses, its errors rescued by class; ERB::Util.url_encode.
require 'ipaddr'

Puppet::Functions.create_function(:'rn::family') do
  def family(*addresses)
    require 'erb'
    addresses.map do |address|
      begin
        ip = IPAddr.new(address)
        Puppet.debug("#{address} is #{ip}")
        ip.ipv6? ? "v6 #{ip}" : "v4 #{ip} #{ip.ipv4?}"
      rescue IPAddr::AddressFamilyError
        "no family #{address.class}"
      rescue ArgumentError
        "invalid #{ERB::Util.url_encode(address)}"
      end
    end
  end
end
