Puppet::Type.type(:widget).provide(:ruby) do
end
