#!/usr/bin/env ruby
# frozen_string_literal: true

# Records what real Puppet gives for each case scripts/puppet_spec_extract.rb wrote: Puppet
# loaded as a library in this one process, each case's manifest compiled with a fresh
# environment, node and compiler, its notices and catalog (or its error) kept.
#
#   Puppet 7 (Debian's, /usr/lib/ruby/vendor_ruby), writing tests/puppet-spec/cases:
#     ruby scripts/puppet_spec_record.rb EXTRACTED_DIR tests/puppet-spec/cases
#   OpenVox 8 (its lib first on the load path, as ../shared/tools/openvox8 runs it), adding
#   `expected-8` to the cases where it gives another result than Puppet 7's `expected`:
#     ruby -I ../shared/oracles/openvox-8.28.1/lib scripts/puppet_spec_record.rb --openvox8 tests/puppet-spec/cases
#
# A `value` case evaluates its source as Puppet's EvaluatingParser does and shows the value of
# the last statement: the manifest assigns it to $spec_value and notices its generalized type
# (`value-type: ...`) and `%p` (`value: ...`, Puppet's String($spec_value, '%p')). A `catalog` case compiles its source as it is; its
# expectation also holds the catalog's resources (type, title, parameters as `puppet catalog
# find` renders them). An error is kept as its message (without Puppet's ` on node NAME`) and the
# place Puppet gives after it (file relative to the environment, line, column), apart.
require 'json'
require 'tmpdir'
require 'fileutils'

openvox8 = ARGV.delete('--openvox8')
if openvox8
  cases_dir = ARGV[0]
  abort 'usage: puppet_spec_record.rb --openvox8 CASES_DIR' unless cases_dir
else
  extracted, cases_dir = ARGV
  abort 'usage: puppet_spec_record.rb EXTRACTED_DIR CASES_DIR' unless extracted && cases_dir
end

require 'puppet'
work = Dir.mktmpdir('puppet-spec-record')
at_exit { FileUtils.rm_rf(work) }
%w[conf var code env].each { |d| FileUtils.mkdir_p(File.join(work, d)) }
Puppet.initialize_settings(['--confdir', "#{work}/conf", '--vardir', "#{work}/var",
                            '--codedir', "#{work}/code", '--color', 'false'])
File.write("#{work}/conf/hiera.yaml", "---\nversion: 5\nhierarchy: []\n")
Puppet[:hiera_config] = "#{work}/conf/hiera.yaml"
Puppet::Util::Log.level = :notice
ENV_DIR = "#{work}/env"
MANIFEST = "#{ENV_DIR}/site.pp"
DEFAULT_NODE = 'testnode'
REFERENCE = "#{openvox8 ? 'OpenVox' : 'Puppet'} #{Puppet.version}"

# The statements whose value a manifest cannot take: the case compiles as a catalog.
NOT_A_VALUE = %w[Definition HostClassDefinition ResourceTypeDefinition FunctionDefinition NodeDefinition
                 TypeAlias TypeDefinition TypeMapping Application SiteDefinition CapabilityMapping
                 ResourceExpression ResourceDefaultsExpression ResourceOverrideExpression
                 CollectExpression RelationshipExpression].filter_map do |name|
  Puppet::Pops::Model.const_get(name) if Puppet::Pops::Model.const_defined?(name)
end

VALUE_NOTICES = <<~PP
  notice("value-type: ${type($spec_value, 'generalized')}")
  notice("value: ${String($spec_value, '%p')}")
PP

# The manifest of a value case: its source with the last statement's value assigned to
# $spec_value and noticed; nil when the source does not parse or ends in a statement that is no
# value (then the source is compiled as it is).
def value_manifest(source)
  model = Puppet::Pops::Parser::Parser.new.parse_string(source).model
  body = model.body
  statements = body.is_a?(Puppet::Pops::Model::BlockExpression) ? body.statements : [body]
  last = statements.last
  return nil if last.nil? || NOT_A_VALUE.any? { |k| last.is_a?(k) }
  # The statement's own offset is its operator's for a binary expression: its extent is that of
  # everything in it.
  from = last.offset
  to = last.offset + last.length
  last._pcore_all_contents([]) do |o|
    next unless o.respond_to?(:offset) && o.offset
    from = [from, o.offset].min
    to = [to, o.offset + o.length].max
  end
  bytes = source.b
  manifest = "#{bytes.byteslice(0, from)}$spec_value = (#{bytes.byteslice(from, to - from)})" \
             "#{bytes.byteslice(to, bytes.bytesize)}\n#{VALUE_NOTICES}".force_encoding(Encoding::UTF_8)
  parses?(manifest) ? manifest : nil
rescue Puppet::ParseError, Puppet::Error
  nil
end

def parses?(source)
  Puppet::Pops::Parser::Parser.new.parse_string(source)
  true
rescue Puppet::ParseError, Puppet::Error
  false
end

LOCATION = /\s*\((?:file: (?<file>[^,)]+)(?:, line: (?<line>\d+))?|line: (?<line2>\d+))(?:, column: (?<column>\d+))?\)\z/.freeze

def error_of(exception, node)
  message = exception.message.dup
  message.sub!(/ on node #{Regexp.escape(node)}\z/, '')
  message.gsub!("#{ENV_DIR}/", '')
  # Ruby's inspect of an object names its address, another in every run.
  message.gsub!(/(#<[A-Z][\w:]*:)0x\h+/, '\\10x0000000000000000')
  error = { 'message' => message }
  if (m = LOCATION.match(message))
    error['message'] = message[0, m.begin(0)]
    error['file'] = m[:file] if m[:file]
    line = m[:line] || m[:line2]
    error['line'] = line.to_i if line
    error['column'] = m[:column].to_i if m[:column]
  end
  error
end

def resources_of(catalog)
  catalog.to_data_hash['resources'].map do |r|
    row = { 'type' => r['type'], 'title' => r['title'] }
    row['exported'] = true if r['exported']
    row['parameters'] = r['parameters'] || {}
    row
  end
end

# Compiles one manifest for `node` with the file's settings: its notices and (for a catalog case)
# resources, or its error.
def record(manifest, kind, node_name, settings)
  File.write(MANIFEST, manifest)
  saved = settings.keys.to_h { |k| [k, Puppet[k.to_sym]] }
  settings.each { |k, v| Puppet[k.to_sym] = v }
  env = Puppet::Node::Environment.create(:production, [], MANIFEST)
  node = Puppet::Node.new(node_name, environment: env)
  logs = []
  outcome = {}
  Puppet.override(environments: Puppet::Environments::Static.new(env), current_environment: env) do
    Puppet::Util::Log.with_destination(Puppet::Test::LogCollector.new(logs)) do
      catalog = Puppet::Parser::Compiler.compile(node).filter(&:virtual?)
      outcome['resources'] = resources_of(catalog) if kind == 'catalog'
    rescue StandardError, SystemStackError => e
      outcome = { 'error' => error_of(e, node_name) }
    end
  end
  unless outcome.key?('error')
    # As the console says them: `Scope(Class[main]): text` for notice()'s.
    notices = logs.select { |l| l.level == :notice }.map do |l|
      l.source && l.source != 'Puppet' ? "#{l.source}: #{l.message}" : l.message.to_s
    end
    outcome = { 'notices' => notices }.merge(outcome)
  end
  outcome
ensure
  saved&.each { |k, v| Puppet[k.to_sym] = v }
end

def each_case_file(dir)
  Dir.glob(File.join(dir, '*', '*.json')).sort.each { |f| yield f, JSON.parse(File.read(f)) }
end

count = 0
started = Time.now
NOW = Regexp.union([started.strftime('%Y-%m-%d'), started.utc.strftime('%Y-%m-%d'),
                    started.strftime('%d %b %Y'), /\b#{started.to_i.to_s[0, 6]}\d{4}\b/])
if openvox8
  each_case_file(cases_dir) do |file, doc|
    doc['cases'].each do |c|
      got = record(c['manifest'] || c['source'], c['kind'], c['node'] || DEFAULT_NODE, doc['settings'])
      c.delete('expected-8')
      c['expected-8'] = got unless got == c['expected']
      count += 1
    end
    doc['recorded-8'] = REFERENCE
    File.write(file, JSON.pretty_generate(doc) + "\n")
  end
else
  FileUtils.mkdir_p(cases_dir)
  each_case_file(extracted) do |file, doc|
    doc['cases'].each do |c|
      if c['kind'] == 'value'
        manifest = value_manifest(c['source'])
        if manifest
          c['manifest'] = manifest
        elsif parses?(c['source'])
          c['kind'] = 'catalog'
        end
      end
      c['expected'] = record(c['manifest'] || c['source'], c['kind'], c['node'] || DEFAULT_NODE, doc['settings'])
      count += 1
    end
    # A case whose answer holds today's date or the clock's seconds gives another one each run.
    timely = doc['cases'].select { |c| NOW.match?(JSON.generate(c['expected'])) }
    unless timely.empty?
      doc['cases'] -= timely
      why = 'depends on the current time'
      doc['left_out'] = doc['left_out'].merge(why => doc['left_out'].fetch(why, 0) + timely.size).sort.to_h
    end
    doc['recorded'] = REFERENCE
    out = File.join(cases_dir, doc['group'], File.basename(file))
    FileUtils.mkdir_p(File.dirname(out))
    File.write(out, JSON.pretty_generate(doc) + "\n")
  end
end
warn format('%d cases recorded with %s in %.0f s', count, REFERENCE, Time.now - started)
