# Commands, other facts, structured values, and custom facts named as core facts.
Facter.add(:cf_command) do
  setcode 'echo hello'
end

Facter.add(:cf_execute) do
  setcode { Facter::Core::Execution.execute("printf '  spaced  \\n\\n'") }
end

Facter.add(:cf_failing_command) do
  setcode { Facter::Core::Execution.execute("sh -c 'echo partial; exit 3'") }
end

Facter.add(:cf_legacy_exec) do
  setcode { Facter::Util::Resolution.exec('no_such_command_cf').inspect }
end

Facter.add(:cf_which) do
  setcode { Facter::Core::Execution.which('sh') }
end

Facter.add(:cf_locale) do
  setcode { Facter::Core::Execution.execute("sh -c 'echo $LANG/$LC_ALL'") }
end

Facter.add(:cf_reads) do
  setcode { "#{Facter.value(:kernel)} #{Facter.fact(:cf_command).value} #{Facter.value('cf_structured.b.c')}" }
end

Facter.add(:cf_structured) do
  setcode { { 'a' => [1, 2.5, nil, true], 'b' => { 'c' => 'd' }, sym: :bol } }
end

Facter.add(:cf_version) do
  setcode { Facter.version }
end

Facter.add('CF_Mixed') do
  setcode { 'lowercased' }
end

Facter.add(:kernelrelease) do
  has_weight 1
  setcode { 'weighted-custom' }
end

Facter.add(:kernelversion) do
  has_weight 0
  setcode { 'weight-zero' }
end

Facter.add(:hostname) do
  setcode { 'no-weight' }
end

Facter.add(:cf_backticks) do
  setcode { `echo ticks`.chomp }
end

Facter.add(:cf_silent_command) do
  setcode 'true'
end

Facter.add(:cf_empty_block) do
  setcode { '' }
end
