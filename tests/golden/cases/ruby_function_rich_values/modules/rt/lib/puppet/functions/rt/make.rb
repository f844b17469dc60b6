Puppet::Functions.create_function(:'rt::make') do
  def make
    [
      Puppet::Pops::Types::PBinaryType::Binary.from_base64('aGVsbG8='),
      Puppet::Pops::Types::PBinaryType::Binary.from_binary_string('hi').to_s,
      Puppet::Pops::Time::Timestamp.new(1_704_067_200_250_000_000),
      Puppet::Pops::Time::Timespan.new(90 * 1_000_000_000),
      SemanticPuppet::Version.parse('2.0.0-beta') < SemanticPuppet::Version.parse('2.0.0'),
      SemanticPuppet::Version.parse('1.10.0').to_s,
    ]
  end
end
