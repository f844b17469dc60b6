# Renders a template as Puppet 7 does (ERB, trim mode '-', every variable an instance variable,
# `scope` and `has_variable?` available), with the variables of a JSON file: the reference the
# native engine is compared with (erb_differential_test.cpp).
# usage: ruby render.rb VARIABLES.json TEMPLATE.erb
require 'erb'
require 'json'

class ReferenceScope
  def initialize(variables)
    @variables = variables
  end

  def lookupvar(name)
    @variables[name.sub(/\A::/, '')]
  end

  def [](name)
    lookupvar(name)
  end

  def function_upcase(arguments)
    arguments[0].upcase
  end

  def call_function(name, arguments)
    send("function_#{name}", arguments)
  end

  def to_s
    'Scope(Class[main])'
  end
end

class ReferenceWrapper
  def initialize(variables)
    @__scope__ = ReferenceScope.new(variables)
    variables.each { |name, value| instance_variable_set("@#{name}", value) unless value.nil? }
  end

  def scope
    @__scope__
  end

  def has_variable?(name)
    !@__scope__.lookupvar(name).nil?
  end

  def render(text)
    ERB.new(text, trim_mode: '-').result(binding)
  end
end

variables = JSON.parse(File.read(ARGV[0]))
$stdout.write(ReferenceWrapper.new(variables).render(File.read(ARGV[1])))
