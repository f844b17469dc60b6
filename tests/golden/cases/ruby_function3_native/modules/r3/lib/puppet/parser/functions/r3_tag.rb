require 'digest/md5'

# A dollar-quoting tag that the text does not hold: until, an interpolated regexp, [0..5],
# gsub and Digest::MD5.
module Puppet::Parser::Functions
  newfunction(:r3_tag, :type => :rvalue, :doc => <<-EOS
    Quotes a text with $tag$ ... $tag$.
    EOS
  ) do |args|
    text = args[0]
    if text !~ /\$\$/ and text[-1] != '$'
      result = "$$#{text}$$"
    else
      tag = Digest::MD5.hexdigest(text)[0..5].gsub(/\d/, '')
      until text !~ /#{tag}/
        tag = Digest::MD5.hexdigest(tag)[0..5].gsub(/\d/, '')
      end
      result = "$#{tag}$#{text}$#{tag}$"
    end
    result
  end
end
