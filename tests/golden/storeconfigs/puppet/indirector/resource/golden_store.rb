# The golden cases' stand-in for PuppetDB's resource search (storeconfigs_backend=golden_store):
# the exported resources of other nodes come from the case's exported-resources.json, a list of
# {certname, type, title, tags, parameters}. The query is held to PuppetDB's documented
# semantics (its AST language's "=": exact, no coercion, an array matches when an element does;
# tags compared lower-cased; "!=" is "not ="; the requesting node's own resources excluded), and
# each found resource is handed to the compiler as puppetdb's terminus hands it: its type, title
# and parameters, with "certname|type|title" as the collector id.
require 'json'
require 'puppet/indirector/code'

class Puppet::Resource::GoldenStore < Puppet::Indirector::Code
  def search(request)
    scope = request.options[:scope]
    host = request.options[:host]
    filter = request.options[:filter]
    rows = stored_rows(scope).select do |row|
      row['type'] == request.key && row['certname'] != host && golden_match(filter, row)
    end
    rows.map do |row|
      parameters = (row['parameters'] || {}).map do |name, value|
        Puppet::Parser::Resource::Param.new(:name => name, :value => value)
      end
      type = Puppet::Pops::Evaluator::Runtime3ResourceSupport.find_resource_type(scope, row['type'])
      found = Puppet::Parser::Resource.new(type, row['title'], :parameters => parameters, :scope => scope)
      found.collector_id = "#{row['certname']}|#{row['type']}|#{row['title']}"
      found
    end
  end

  private

  def stored_rows(scope)
    path = File.join(scope.environment.configuration.path_to_env, 'exported-resources.json')
    File.exist?(path) ? JSON.parse(File.read(path)) : []
  end

  def golden_match(filter, row)
    return true if filter.nil?
    left, op, right = filter
    case op
    when 'and' then golden_match(left, row) && golden_match(right, row)
    when 'or' then golden_match(left, row) || golden_match(right, row)
    when '==' then golden_equal(left, right, row)
    when '!=' then !golden_equal(left, right, row)
    else raise Puppet::Error, "Operator #{op} in #{filter.inspect} not supported"
    end
  end

  def golden_equal(field, value, row)
    case field
    when 'tag' then (row['tags'] || []).include?(value.downcase)
    when 'title' then row['title'] == value
    else
      actual = (row['parameters'] || {})[field]
      actual.is_a?(Array) ? actual.include?(value) : actual == value
    end
  end
end
