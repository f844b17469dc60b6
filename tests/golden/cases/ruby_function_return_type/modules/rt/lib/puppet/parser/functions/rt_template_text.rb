# Finds a module's template as richardc-datacat's template_body does.
Puppet::Parser::Functions.newfunction(:rt_template_text, :type => :rvalue) do |args|
  file = Puppet::Parser::Files.find_template(args[0], compiler.environment)
  file ? File.read(file) : 'none'
end
