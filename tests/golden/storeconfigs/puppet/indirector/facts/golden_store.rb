# The golden cases' stand-in for PuppetDB's facts storage: facts are not kept.
require 'puppet/indirector/code'

class Puppet::Node::Facts::GoldenStore < Puppet::Indirector::Code
  def find(request)
    nil
  end

  def save(request); end
end
