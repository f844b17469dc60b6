# Gem::Version, which module functions use without requiring it (apache's bool2httpd,
# extlib's sort_by_version): Puppet runs with RubyGems loaded.
Puppet::Functions.create_function(:'gv::compare') do
  dispatch :compare do
    param 'Array[String]', :versions
  end

  def compare(versions)
    sorted = versions.sort_by { |v| Gem::Version.new(v) }
    old_ruby = Gem::Version.new(RUBY_VERSION) < Gem::Version.new('2.4.0')
    [sorted, old_ruby, Gem::Version.new('1.10.0') > Gem::Version.new('1.9.9'),
     Gem::Version.new('2.0.0.rc1').prerelease?, Gem::Version.new('1.2.3').segments,
     Gem::Version.new('1.2').bump.to_s, Gem::Requirement.new('~> 1.2').satisfied_by?(Gem::Version.new('1.9'))]
  end
end
