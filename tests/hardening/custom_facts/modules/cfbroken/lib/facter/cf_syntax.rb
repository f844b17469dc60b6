Facter.add(:cf_syntax) do
  setcode {
end
