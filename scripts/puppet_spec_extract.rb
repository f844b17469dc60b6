#!/usr/bin/env ruby
# frozen_string_literal: true

# Reads Puppet's own specs (laid out by scripts/puppet-spec-layout.sh) for the Puppet code they
# feed to Puppet's evaluator and compiler, and writes it as cases without expectations: real
# Puppet records those (scripts/puppet_spec_record.rb), never the spec's own Ruby values.
#
#   usage: scripts/puppet_spec_extract.rb SPEC_ROOT OUT_DIR
#     SPEC_ROOT  the layout (~/.cache/marionette/puppet-spec-7.23.0)
#     OUT_DIR    one JSON file per spec file: OUT_DIR/GROUP/NAME.json
#
# The spec files are read with Ruby's own parser (RubyVM::AbstractSyntaxTree), never run. A case
# is kept where the Puppet source is a literal the spec hands to Puppet:
# - a string given to evaluate_string, compile_to_catalog, eval_and_collect_notices and the other
#   helpers that compile code (or to a helper of the spec file that passes it on to one), directly,
#   through a local variable, or as a key of the hash literal (an element of the array literal)
#   that an `each` loop around the call walks; PuppetSpec::Language's produces/fails hashes;
# - a call of a function from Ruby whose arguments are all literals (`split('a,b', ',')` through
#   the spec's helper that loads the function), printed back as the Puppet call;
# - an AST built with Puppet's model factory (literal(1) + literal(2), fqr('Integer').access_at(1),
#   ...), printed back as Puppet code (scripts/puppet_spec_factory.rb).
# An `it` block that gives no case is counted as left out, with the first reason that applies to
# it (mocks, Ruby-built source, Ruby values, files made by Ruby, ...): `left_out` in the file.
require 'json'
require 'fileutils'
require_relative 'puppet_spec_factory'

GROUPS = {
  'spec/unit/pops/evaluator/evaluating_parser_spec.rb' => 'evaluator-parser',
}.freeze

def group_of(path)
  return GROUPS[path] if GROUPS.key?(path)
  return 'evaluator' if path.start_with?('spec/unit/pops/evaluator/')
  return 'compiler' if path.start_with?('spec/integration/parser/')
  'functions'
end

# The helpers of PuppetSpec (spec/lib) that take Puppet code: what they make of it and which
# argument holds it, and which the node (nil: none).
EVAL_HELPERS = {
  evaluate_string: [:value, 1, nil],
  parse_and_evaluate: [:value, 0, nil],
  eval_and_collect_notices: [:catalog, 0, 1],
  eval_collect_notices: [:catalog, 0, 1],
  collect_notices: [:catalog, 0, 1],
  compile_to_catalog: [:catalog, 0, 1],
  compile_to_catalog_unfiltered: [:catalog, 0, 1],
  compile_to_ral: [:catalog, 0, 1],
  compile_to_relationship_graph: [:catalog, 0, nil],
  apply_compiled_manifest: [:catalog, 0, nil],
  apply_with_error_check: [:catalog, 0, nil],
}.freeze

MOCK_WORDS = %i[receive allow expects stubs and_return double instance_double stub
                allow_any_instance_of expect_any_instance_of and_raise and_call_original].freeze
FILE_WORDS = %i[dir_containing file_containing tmpfile tmpdir make_absolute mkdir_p
                with_file_content dir_contained_in].freeze

Case = Struct.new(:line, :kind, :source, :node, keyword_init: true)

# A spec file read for its cases.
class SpecReader
  attr_reader :cases, :left_out

  def initialize(text)
    @text = text
    @root = RubyVM::AbstractSyntaxTree.parse(text)
    @cases = []
    @attempts = 0 # sources found, kept or left out
    @left_out = Hash.new(0)
    @helpers = EVAL_HELPERS.dup
    @function_helpers = {}
    @constants = {}
    @helper_calls = Hash.new { |h, k| h[k] = [] }
    find_file_helpers(@root)
  end

  def read
    walk(@root, {})
    self
  end

  private

  def children(node)
    node.children.select { |c| c.is_a?(RubyVM::AbstractSyntaxTree::Node) }
  end

  def each_node(node, &block)
    return unless node.is_a?(RubyVM::AbstractSyntaxTree::Node)
    yield node
    node.children.each { |c| each_node(c, &block) }
  end

  # The spec file's own methods that pass code on to a helper (`def expect_the_message_to_be(
  # message, code)` calling compile_to_catalog(code), or compile_to_catalog(yield)), and those
  # that call a function from Ruby (`def split(*args)` loading the function 'split').
  def find_file_helpers(root)
    each_node(root) do |node|
      case node.type
      when :CDECL
        name, value = node.children
        @constants[name] = value if value.is_a?(RubyVM::AbstractSyntaxTree::Node)
      when :ITER
        # let(:name) { ... }: what it calls counts for the examples that use it.
        call = node.children[0]
        first = call.type == :FCALL && %i[let let!].include?(call.children[0]) && call_args(call)[0]
        if first && first.type == :LIT
          each_node(node.children[1]) { |n| @helper_calls[first.children[0]] << call_name(n) if call_name(n) }
        end
      when :DEFN, :DEFS
        name = node.type == :DEFN ? node.children[0] : node.children[1]
        scope = node.children.last
        params = parameters(scope)
        each_node(scope) { |n| @helper_calls[name] << call_name(n) if call_name(n) }
        each_node(scope) do |inner|
          called = call_name(inner)
          if called && EVAL_HELPERS.key?(called)
            kind, index, node_index = EVAL_HELPERS[called]
            arg = call_args(inner)[index]
            next unless arg
            node_arg = node_index && call_args(inner)[node_index]
            passed_node = node_arg && node_arg.type == :LVAR ? params.index(node_arg.children[0]) : nil
            if arg.type == :YIELD
              @helpers[name] ||= [kind, :yield, passed_node]
            elsif arg.type == :LVAR && params.include?(arg.children[0])
              @helpers[name] ||= [kind, params.index(arg.children[0]), passed_node]
            end
          end
          if called == :load && (f = call_args(inner)).size == 2 &&
             f[0].type == :LIT && f[0].children[0] == :function && f[1].type == :STR
            @function_helpers[name] = f[1].children[0]
          end
        end
      end
    end
  end

  def parameters(scope)
    table, args = scope.children
    return [] unless args.is_a?(RubyVM::AbstractSyntaxTree::Node)
    table.first(args.children[0].to_i)
  end

  def call_name(node)
    case node.type
    when :FCALL, :VCALL then node.children[0]
    when :CALL, :QCALL, :OPCALL then node.children[1]
    end
  end

  def call_args(node)
    list = case node.type
           when :FCALL then node.children[1]
           when :CALL, :QCALL, :OPCALL then node.children[2]
           end
    list_items(list)
  end

  def list_items(list)
    return [] unless list.is_a?(RubyVM::AbstractSyntaxTree::Node)
    case list.type
    when :LIST then list.children.compact
    when :ZLIST then []
    when :ARGSCAT, :ARGSPUSH, :SPLAT then [list]
    else [list]
    end
  end

  # What a node stands for as Puppet source: [[text, line], ...] (several when it is a loop
  # variable over a literal), or nil when Ruby computes it.
  def sources(node, env)
    return nil unless node.is_a?(RubyVM::AbstractSyntaxTree::Node)
    case node.type
    when :STR then [[node.children[0], node.first_lineno]]
    when :LIT then node.children[0].is_a?(String) ? [[node.children[0], node.first_lineno]] : nil
    when :LVAR, :DVAR then env[node.children[0]]
    when :DSTR then interpolated(node, env)
    when :CALL
      # <<-CODE.unindent / .strip / .chomp / .gsub! style on a literal: only the plain ones.
      recv, name, = node.children
      inner = sources(recv, env)
      return nil unless inner
      case name
      when :strip, :chomp, :lstrip, :rstrip, :freeze, :to_s
        inner.map { |text, line| [text.public_send(name), line] }
      when :unindent
        inner.map { |text, line| [unindent(text), line] }
      end
    end
  end

  # Ruby's value of a literal in the spec (strings, numbers, symbols, nil, booleans, arrays and
  # hashes of them); NO_VALUE for anything Ruby would compute.
  NO_VALUE = Object.new.freeze

  def ruby_value(node)
    return NO_VALUE unless node.is_a?(RubyVM::AbstractSyntaxTree::Node)
    case node.type
    when :STR, :LIT, :INTEGER, :FLOAT then node.children[0]
    when :NIL then nil
    when :TRUE then true
    when :FALSE then false
    when :ZLIST then []
    when :LIST
      values = node.children.compact.map { |e| ruby_value(e) }
      values.include?(NO_VALUE) ? NO_VALUE : values
    when :HASH
      values = list_items(node.children[0]).map { |e| ruby_value(e) }
      values.include?(NO_VALUE) ? NO_VALUE : values.each_slice(2).to_h
    else NO_VALUE
    end
  end

  # What each pass of `LITERAL.each do |a, b|` binds, with the line of its element: for the
  # strings the loop's body interpolates (`"compare(\#{values[0]}, \#{values[1]})"`).
  def loop_bindings(node, params)
    return nil if params.empty? || node.nil?
    node = @constants[node.children[0]] if node.type == :CONST && @constants[node.children[0]]
    rows = case node.type
           when :HASH then list_items(node.children[0]).each_slice(2).map { |k, v| [k.first_lineno, [ruby_value(k), ruby_value(v)]] }
           when :LIST then node.children.compact.map { |e| [e.first_lineno, ruby_value(e)] }
           else return nil
           end
    rows.filter_map do |line, value|
      next nil if value == NO_VALUE || (value.is_a?(Array) && value.include?(NO_VALUE))
      values = if params.size == 1 then [node.type == :HASH ? value : value]
               elsif value.is_a?(Array) then value
               else [value]
               end
      [line, params.each_with_index.to_h { |p, i| [p, values[i]] }]
    end
  end

  # A Ruby string with #{} in it, made for every pass of the loop around it (or once, when it
  # interpolates no loop variable): nil when a part is something Ruby computes otherwise.
  def interpolated(node, env)
    rows = env[:__bindings] || [[node.first_lineno, {}]]
    found = rows.map do |line, binding|
      text = interpolate(node, binding)
      text && [text, line]
    end
    found.include?(nil) ? nil : found
  end

  def interpolate(node, binding)
    node.children.map do |part|
      next part if part.is_a?(String)
      next '' if part.nil?
      case part.type
      when :STR then part.children[0]
      when :LIST, :DSTR then interpolate(part, binding) || (return nil)
      when :EVSTR
        value = ruby_expression(part.children[0], binding)
        return nil if value == NO_VALUE
        value.to_s
      else return nil
      end
    end.join
  end

  # The few expressions a spec interpolates: a loop variable, an element of it, its inspect.
  def ruby_expression(node, binding)
    return NO_VALUE unless node.is_a?(RubyVM::AbstractSyntaxTree::Node)
    case node.type
    when :DVAR, :LVAR, :VCALL
      binding.key?(node.children[0]) ? binding[node.children[0]] : NO_VALUE
    when :CALL
      recv = ruby_expression(node.children[0], binding)
      return NO_VALUE if recv == NO_VALUE
      args = list_items(node.children[2]).map { |a| ruby_value(a) }
      return NO_VALUE if args.include?(NO_VALUE)
      case node.children[1]
      when :[] then recv.is_a?(Array) || recv.is_a?(Hash) ? recv[*args] : NO_VALUE
      when :inspect, :to_s, :first, :last, :size, :upcase, :downcase then args.empty? ? recv.public_send(node.children[1]) : NO_VALUE
      when :join then recv.is_a?(Array) ? recv.join(*args) : NO_VALUE
      else NO_VALUE
      end
    else ruby_value(node)
    end
  end

  def unindent(text)
    indent = text.scan(/^[ \t]*(?=\S)/).min_by(&:size) || ''
    text.gsub(/^#{indent}/, '')
  end

  def add(found, kind, node: nil)
    @attempts += 1
    if node == :ruby
      @left_out['node made by Ruby with facts, parameters or classes'] += found.size
      return
    end
    found.each { |text, line| @cases << Case.new(line: line, kind: kind, source: text, node: node) }
  end

  # The node a helper is given: nil (the helper's default node), its name when the spec makes it
  # with a name alone (`Puppet::Node.new('foo')`), :ruby when it has more (facts, parameters,
  # classes) or is made elsewhere.
  def node_name(arg, env = {})
    return nil unless arg
    return node_name(env[[:ast, arg.children[0]]]) if %i[LVAR DVAR].include?(arg.type) && env[[:ast, arg.children[0]]]
    return :ruby unless arg.type == :CALL && arg.children[1] == :new
    args = list_items(arg.children[2])
    args.size == 1 && args[0].type == :STR ? args[0].children[0] : :ruby
  end

  # Walks the tree; `env` maps the local variables known to hold Puppet source to it.
  def walk(node, env)
    return unless node.is_a?(RubyVM::AbstractSyntaxTree::Node)
    case node.type
    when :BLOCK
      local = env.dup
      node.children.each { |c| walk_statement(c, local) }
      return
    when :ITER
      return walk_iter(node, env)
    when :DEFN, :DEFS
      return
    end
    visit_call(node, env)
    children(node).each { |c| walk(c, env) }
  end

  def walk_statement(node, env)
    if node.is_a?(RubyVM::AbstractSyntaxTree::Node) && %i[LASGN DASGN DASGN_CURR].include?(node.type)
      found = sources(node.children[1], env)
      if found
        env[node.children[0]] = found
      else
        env.delete(node.children[0])
        env[[:ast, node.children[0]]] = node.children[1]
      end
    end
    walk(node, env)
  end

  def walk_iter(node, env)
    call, scope = node.children
    name = call_name(call)
    if %i[it specify scenario example].include?(name) && call.type == :FCALL
      before = @attempts
      walk(scope.children[2], env)
      walk_call_receiver(call, env)
      classify_left_out(scope) if @attempts == before
      return
    end
    inner = env.dup
    if %i[each each_pair each_with_index map].include?(name) && call.type == :CALL
      params = parameters(scope)
      keys = literal_keys(call.children[0], env)
      if keys && params[0]
        inner[params[0]] = keys
      end
      rows = loop_bindings(call.children[0], params)
      inner[:__bindings] = rows if rows
    end
    # A helper called with the code as its block's value: expect_the_message_to_be('m') { <<-M }
    helper = name && @helpers[name]
    if helper && helper[1] == :yield
      body = scope.children[2]
      last = body && body.type == :BLOCK ? body.children.last : body
      found = sources(last, inner)
      add(found, helper[0], node: helper[2] && node_name(call_args(call)[helper[2]], inner)) if found
    end
    walk(call, env)
    walk(scope.children[2], inner)
  end

  def walk_call_receiver(call, env)
    call_args(call).each { |a| walk(a, env) }
  end

  # The keys of a hash literal or the elements (the first of each, for arrays of arrays) of an
  # array literal, as Puppet sources, when they are all literal strings.
  def literal_keys(node, env)
    return nil unless node
    node = @constants[node.children[0]] if node.type == :CONST && @constants[node.children[0]]
    case node.type
    when :HASH
      items = list_items(node.children[0])
      keys = items.each_slice(2).map(&:first)
    when :LIST
      keys = node.children.compact.map { |e| e.type == :LIST ? e.children.first : e }
    else
      return nil
    end
    found = keys.map { |k| sources(k, env) }
    return nil if found.empty? || found.any?(&:nil?)
    found.flatten(1)
  end

  def visit_call(node, env)
    name = call_name(node)
    return unless name
    if (helper = @helpers[name]) && helper[1] != :yield
      kind, index, node_index = helper
      args = call_args(node)
      found = sources(args[index], env)
      add(found, kind, node: node_index && node_name(args[node_index], env)) if found
    elsif %i[produces fails].include?(name) && node.type == :FCALL
      call_args(node).each do |arg|
        next unless arg.type == :HASH
        list_items(arg.children[0]).each_slice(2) do |key, _|
          found = sources(key, env)
          add(found, :catalog) if found
          @left_out['source built by Ruby (interpolated or computed)'] += 1 unless found
        end
      end
    elsif (function = @function_helpers[name]) && node.type == :FCALL
      call = puppet_call(function, call_args(node))
      add([[call, node.first_lineno]], :value) if call
    elsif name == :evaluate && (keywords = keyword_args(call_args(node)))
      # PuppetSpec::Compiler#evaluate(code:, source:): the code compiled, then the source's value.
      return if keywords.key?(:variables) || !keywords.key?(:source)
      source = sources(keywords[:source], env)
      code = keywords.key?(:code) ? sources(keywords[:code], env) : [['', nil]]
      return unless source && code && code.size == 1
      add(source.map { |text, line| [code[0][0].empty? ? text : "#{code[0][0]}\n#{text}", line] }, :value,
          node: node_name(keywords[:node], env))
    elsif name == :evaluate || name == :evaluate_l
      locals = env.select { |k, _| k.is_a?(Array) }.transform_keys { |k| k[1] }
      source = PuppetSpecFactory.new(@constants, locals).program(call_args(node))
      add([[source, node.first_lineno]], :value) if source
    end
  end

  # A call's keyword arguments (`evaluate(source: '...')`) by name, or nil.
  def keyword_args(args)
    return nil unless args.size == 1 && args[0].type == :HASH
    pairs = list_items(args[0].children[0]).each_slice(2).to_a
    return nil unless pairs.all? { |k, _| k.type == :LIT && k.children[0].is_a?(Symbol) }
    pairs.to_h { |k, v| [k.children[0], v] }
  end

  def puppet_call(function, args)
    printed = args.map { |a| PuppetSpecFactory.new(@constants).ruby_literal(a) }
    return nil if printed.any?(&:nil?)
    "#{function}(#{printed.join(', ')})"
  end

  def classify_left_out(scope)
    names = []
    types = []
    each_node(scope) do |n|
      types << n.type
      names << call_name(n) if call_name(n)
    end
    # What the spec file's own helpers and lets that the example uses call, two levels down.
    2.times { names |= names.flat_map { |n| @helper_calls.fetch(n, []) } }
    reason =
      if (names & MOCK_WORDS).any? then 'needs Ruby mocks or stubs'
      elsif (names & FILE_WORDS).any? || names.include?(:environment_path) then 'needs files or environments made by Ruby'
      elsif names.any? { |n| @helpers.key?(n) } then 'source built by Ruby (interpolated or computed)'
      elsif names.include?(:call) || names.any? { |n| @function_helpers.key?(n) } then 'calls a function from Ruby with Ruby objects'
      elsif names.include?(:evaluate) || names.include?(:evaluate_l) then 'factory AST that does not print back as Puppet code'
      else 'checks Ruby-level objects, no Puppet source'
      end
    @left_out[reason] += 1
  end
end

root, out = ARGV
abort 'usage: puppet_spec_extract.rb SPEC_ROOT OUT_DIR' unless root && out
files = Dir.glob(File.join(root, '{spec/unit/pops/evaluator,spec/integration/parser,spec/unit/functions}/*_spec.rb')).sort
totals = Hash.new(0)
files.each do |file|
  spec = file.delete_prefix(root.end_with?('/') ? root : "#{root}/")
  text = File.read(file)
  reader = SpecReader.new(text).read
  settings = {}
  settings['strict_variables'] = true if text.match?(/^\s*Puppet\[:strict_variables\]\s*=\s*true/)
  name = File.basename(file, '_spec.rb')
  seen = {}
  per_line = Hash.new(0)
  cases = reader.cases.sort_by(&:line).filter_map do |c|
    key = [c.kind, c.source, c.node]
    next if seen[key]
    seen[key] = true
    per_line[c.line] += 1
    id = "#{name}:#{c.line}#{per_line[c.line] > 1 ? "-#{per_line[c.line]}" : ''}"
    row = { 'id' => id, 'origin' => "#{spec}:#{c.line}", 'kind' => c.kind.to_s, 'source' => c.source }
    row['node'] = c.node if c.node
    row
  end
  group = group_of(spec)
  FileUtils.mkdir_p(File.join(out, group))
  doc = { 'spec' => spec, 'group' => group, 'settings' => settings,
          'left_out' => reader.left_out.sort.to_h, 'cases' => cases }
  File.write(File.join(out, group, "#{name}.json"), JSON.pretty_generate(doc) + "\n")
  totals[group] += cases.size
  reader.left_out.each { |why, n| totals["left out: #{why}"] += n }
end
totals.sort.each { |what, n| puts format('%6d  %s', n, what) }
