# Several resolutions of one fact: the highest weight whose confines hold wins; without
# has_weight a resolution weighs as many as its confines; equal weights: the first defined.
Facter.add(:cf_weighted) do
  has_weight 10
  setcode { 'low' }
end

Facter.add(:cf_weighted) do
  has_weight 50
  confine kernel: 'Linux'
  setcode { 'high' }
end

Facter.add(:cf_weighted) do
  has_weight 100
  confine kernel: 'Windows'
  setcode { 'windows' }
end

Facter.add(:cf_confined) do
  setcode { 'unconfined' }
end

Facter.add(:cf_confined) do
  confine kernel: :linux
  setcode { 'confined' }
end

Facter.add(:cf_order) do
  setcode { 'first' }
end

Facter.add(:cf_order) do
  setcode { 'second' }
end

Facter.add(:cf_nil_first) do
  has_weight 100
  setcode { nil }
end

Facter.add(:cf_nil_first) do
  has_weight 10
  setcode { 'second' }
end
