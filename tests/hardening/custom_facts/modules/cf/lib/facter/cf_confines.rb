# confine's forms: an array, a regexp and a lambda (all against the downcased value), a block,
# a dotted fact, a boolean fact, a fact that does not exist.
Facter.add(:cf_array) do
  confine kernel: %w[Windows linux]
  setcode { 'array' }
end

Facter.add(:cf_regexp) do
  confine kernel: /^lin/
  setcode { 'regexp' }
end

Facter.add(:cf_regexp_case) do
  confine kernel: /^Lin/
  setcode { 'never' }
end

Facter.add(:cf_lambda) do
  confine kernel: ->(value) { value == 'linux' }
  setcode { 'lambda' }
end

Facter.add(:cf_block_false) do
  confine { false }
  setcode { 'never' }
end

Facter.add(:cf_block_true) do
  confine { true }
  setcode { 'block' }
end

Facter.add(:cf_dotted) do
  confine 'kernel' => 'Linux', 'os.family' => %w[Debian RedHat Suse Archlinux Gentoo]
  setcode { 'dotted' }
end

Facter.add(:cf_flag) do
  setcode { true }
end

Facter.add(:cf_on_flag) do
  confine cf_flag: true
  setcode { 'flag' }
end

Facter.add(:cf_unknown) do
  confine no_such_fact: 'x'
  setcode { 'never' }
end
