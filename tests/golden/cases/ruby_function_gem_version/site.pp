# A module's Ruby function uses Gem::Version and Gem::Requirement without requiring RubyGems.
notify { 'versions': message => gv::compare(['1.10.0', '1.9.2', '1.2.10', '1.2.9', '2.0.0.rc1']) }
