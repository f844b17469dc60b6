# frozen_string_literal: true

# Run at build (and install) time by marionette-ruby-iseq: compiles marionette's Ruby layer, and
# the files of Ruby's standard library that the layer and modules' Ruby commonly load, to
# instruction sequences in the binary format of the libruby the worker runs
# (RubyVM::InstructionSequence#to_binary), for ruby/lib/marionette/precompiled.rb to load
# instead of parsing and compiling the source at each start of a worker.
#
#   precompile.rb OUTPUT_DIR LAYER_SOURCE_DIR LAYER_RUNTIME_DIR
#
# Each sequence is compiled under the path the worker will load its file from (LAYER_RUNTIME_DIR
# for the layer: the build tree's, or the installed one), so that __FILE__, backtraces and error
# locations are the same as when Ruby compiles the file itself; and it carries its source, which
# the loader compares with the file before using it. OUTPUT_DIR/index lists them: the path a
# `require` loads, a tab, the file holding its sequence.

require 'fileutils'

output, layer_source, layer_runtime = ARGV
abort 'usage: precompile.rb OUTPUT_DIR LAYER_SOURCE_DIR LAYER_RUNTIME_DIR' unless layer_runtime

# What Puppet has loaded before module code runs (ruby/lib/marionette/lazy_libraries.rb), what
# the layer itself requires, and what modules' functions and templates often require.
LIBRARIES = %w[base64 cgi/util date digest English erb fileutils ipaddr json open3 ostruct pathname
               rubygems/requirement rubygems/version securerandom set shellwords strscan tempfile
               time timeout uri yaml].freeze

sources = {} # the path the worker loads => the file to read its source from
Dir.glob('**/*.rb', base: layer_source).sort.each do |relative|
  sources[File.join(layer_runtime, relative)] = File.join(layer_source, relative)
end
# Gem::Version loads alone in the worker, into the Gem that lazy_libraries.rb defines first.
module Gem; end
before = $LOADED_FEATURES.dup
LIBRARIES.each { |library| require library }
($LOADED_FEATURES - before).each do |path|
  sources[path] = path if path.end_with?('.rb')
end

FileUtils.rm_rf(output)
FileUtils.mkdir_p(output)
index = +''
sources.each_with_index do |(path, source), number|
  text = File.binread(source)
  # As `require` reads a file: UTF-8 unless its magic comment says otherwise.
  code = text.dup.force_encoding(Encoding::UTF_8)
  real = File.exist?(path) ? File.realpath(path) : path
  sequence = RubyVM::InstructionSequence.compile(code, path, real, 1)
  name = format('%04d.iseq', number)
  File.binwrite(File.join(output, name), sequence.to_binary(text))
  index << path << "\t" << name << "\n"
end
File.binwrite(File.join(output, 'index'), index)
