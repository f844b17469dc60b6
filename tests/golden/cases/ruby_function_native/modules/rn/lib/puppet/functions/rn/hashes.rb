require 'digest/sha1'
# Digests as modules use them; values of every kind in and out.
Puppet::Functions.create_function(:'rn::hashes') do
  dispatch :hashes do
    required_param 'Variant[String[1],Integer]', :user
    required_param 'String', :password
    return_type 'Hash'
  end

  def hashes(user, password)
    {
      'md5' => 'md5' + Digest::MD5.hexdigest(password.to_s + user.to_s),
      'sha1' => '*' + Digest::SHA1.hexdigest(Digest::SHA1.digest(password)).upcase,
      'empty' => password.empty?,
      'nothing' => nil,
      'number' => 1.5,
      'list' => [1, 'two', true, nil],
    }
  end
end
