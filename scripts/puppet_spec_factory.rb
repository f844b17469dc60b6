# frozen_string_literal: true

# Prints an AST that a Puppet spec builds with Puppet's model factory (FactoryRspecHelper:
# literal(2) + literal(2), fqr('Integer').access_at(1, 2), IF(...), block(var('a').set(...), ...))
# back as the Puppet code that parses to it, reading the spec's Ruby as a tree
# (RubyVM::AbstractSyntaxTree), never running it. Every binary operation is parenthesised, which
# the parser folds away. Anything outside the vocabulary below gives nil: the case is left out.
class PuppetSpecFactory
  Node = RubyVM::AbstractSyntaxTree::Node

  BINARY = { :+ => '+', :- => '-', :* => '*', :/ => '/', :% => '%', :<< => '<<', :>> => '>>',
             :< => '<', :<= => '<=', :> => '>', :>= => '>=', :=~ => '=~', :eq => '==',
             :ne => '!=', :mne => '!~', :and => 'and', :or => 'or', :in => 'in' }.freeze

  def initialize(constants, locals = {})
    @constants = constants
    @locals = locals
  end

  # The program evaluate(x) runs: one factory expression (a block's statements on lines).
  def program(args)
    return nil unless args.size == 1
    expression(args[0])
  rescue Unprintable
    nil
  end

  # A Ruby literal (a function's argument) as Puppet's literal of the same value, or nil.
  def ruby_literal(node)
    value(node)
  rescue Unprintable
    nil
  end

  class Unprintable < StandardError; end

  private

  def fail_print
    raise Unprintable
  end

  def items(list)
    return [] unless list.is_a?(Node)
    case list.type
    when :LIST then list.children.compact
    when :ZLIST then []
    else fail_print
    end
  end

  def quote(text)
    "'#{text.gsub(/[\\']/) { |c| "\\#{c}" }}'"
  end

  def number(n)
    case n
    when Integer then n.to_s
    when Float
      fail_print unless n.finite?
      n.to_s.sub('e+', 'e')
    else fail_print
    end
  end

  # A Ruby value written as a literal in the spec.
  def value(node)
    fail_print unless node.is_a?(Node)
    case node.type
    when :STR then quote(node.children[0])
    when :LIT, :INTEGER, :FLOAT
      v = node.children[0]
      case v
      when Integer, Float then number(v)
      when String then quote(v)
      when Regexp then "/#{v.source.gsub('/', '\/')}/"
      when Symbol
        return v.to_s if %i[default undef].include?(v)
        fail_print
      else fail_print
      end
    when :NIL then 'undef'
    when :TRUE then 'true'
    when :FALSE then 'false'
    when :LIST, :ZLIST then "[#{items(node).map { |e| value(e) }.join(', ')}]"
    when :HASH
      pairs = items(node.children[0]).each_slice(2).map { |k, v| "#{value(k)} => #{value(v)}" }
      "{#{pairs.join(', ')}}"
    when :CONST
      constant = @constants[node.children[0]]
      fail_print unless constant
      value(constant)
    when :OPCALL
      recv, op, args = node.children
      if op == :-@ && recv.type == :LIT then "-#{value(recv)}" else fail_print end
    else fail_print
    end
  end

  def name_of(node)
    fail_print unless node.is_a?(Node)
    case node.type
    when :STR then node.children[0]
    when :LIT
      fail_print unless node.children[0].is_a?(Symbol) || node.children[0].is_a?(String)
      node.children[0].to_s
    when :FCALL
      fail_print unless node.children[0] == :fqn
      name_of(items(node.children[1])[0])
    else fail_print
    end
  end

  def args_of(node)
    case node.type
    when :FCALL then items(node.children[1])
    when :CALL, :OPCALL then items(node.children[2])
    else []
    end
  end

  # A factory argument: a factory expression, or a Ruby value the factory infers a literal from.
  def operand(node)
    expression(node)
  rescue Unprintable
    value(node)
  end

  def braces(node)
    return '{}' if node.nil? || node.type == :NIL
    "{ #{expression(node)} }"
  end

  def expression(node)
    fail_print unless node.is_a?(Node)
    case node.type
    when :LVAR, :DVAR
      local = @locals[node.children[0]]
      fail_print unless local
      expression(local)
    when :FCALL then function(node.children[0], args_of(node))
    when :OPCALL, :CALL then method(node)
    else fail_print
    end
  end

  def function(name, args)
    case name
    when :literal
      fail_print unless args.size == 1
      value(args[0])
    when :fqn
      fail_print unless args.size == 1
      args[0].type == :FCALL ? expression(args[0]) : name_of(args[0])
    when :fqr, :QREF
      name_of(args[0])
    when :var
      "$#{name_of(args[0])}"
    when :minus then "-(#{operand(args[0])})"
    when :block then args.map { |a| expression(a) }.join("\n")
    when :IF, :UNLESS
      fail_print unless [2, 3].include?(args.size)
      word = name == :IF ? 'if' : 'unless'
      text = "#{word} #{operand(args[0])} #{braces(args[1])}"
      text += " else #{braces(args[2])}" if args[2] && args[2].type != :NIL
      text
    when :CASE
      whens = args[1..].map { |w| case_option(w) }
      "case #{operand(args[0])} { #{whens.join(' ')} }"
    when :string
      "\"#{args.map { |a| string_part(a) }.join}\""
    when :text then "${#{operand(args[0])}}"
    else fail_print
    end
  end

  def case_option(node)
    fail_print unless node.type == :FCALL && node.children[0] == :WHEN
    values, body = args_of(node)
    listed = values.type == :LIST ? items(values) : [values]
    "#{listed.map { |v| operand(v) }.join(', ')}: #{braces(body)}"
  end

  def selector_entry(node)
    fail_print unless node.type == :FCALL && node.children[0] == :MAP
    match, result = args_of(node)
    "#{operand(match)} => #{operand(result)}"
  end

  def string_part(node)
    if node.type == :STR
      node.children[0].gsub(/[\\"$]/) { |c| "\\#{c}" }.gsub("\n", '\n')
    elsif node.type == :FCALL && node.children[0] == :text
      "${#{text_inner(args_of(node)[0])}}"
    else
      "${#{text_inner(node)}}"
    end
  end

  # Inside ${}: a bare word is a variable's name, as the parser reads it there.
  def text_inner(node)
    operand(node)
  end

  def method(node)
    recv, name, args = node.children
    args = items(args)
    if (op = BINARY[name])
      fail_print unless args.size == 1
      return "(#{operand(recv)} #{op} #{operand(args[0])})"
    end
    case name
    when :not then "!(#{operand(recv)})"
    when :-@ then "-(#{operand(recv)})"
    when :access_at, :access
      "#{operand(recv)}[#{args.map { |a| operand(a) }.join(', ')}]"
    when :set then "#{expression(recv)} = #{operand(args[0])}"
    when :select then "#{operand(recv)} ? { #{args.map { |a| selector_entry(a) }.join(', ')} }"
    else fail_print
    end
  end
end
