Facter.add(:cf_raises) do
  setcode { raise 'boom' }
end

Facter.add(:cf_after_raise) do
  setcode { 'still here' }
end

Facter.add(:cf_missing_command) do
  setcode { Facter::Core::Execution.execute('no_such_command_cf 2>&1') }
end
