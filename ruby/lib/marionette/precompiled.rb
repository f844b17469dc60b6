# frozen_string_literal: true

# Loads marionette's Ruby layer and the standard library's most used files from instruction
# sequences compiled at build time (ruby/tools/precompile.rb) instead of parsing and compiling
# their source at each start of a worker: about half of what loading them costs.
#
# Ruby's `require` and `load` ask RubyVM::InstructionSequence.load_iseq(path) first for every
# file; this answers with the precompiled sequence of `path` when the index lists it and the
# file's source is still the one it was compiled from, else nil (Ruby then compiles the file as
# always: a file changed since the build, a layer moved elsewhere, a libruby of another build).
# The sequences were compiled under the paths they load from, so __FILE__, backtraces and error
# locations are those Ruby gives. One difference: a file's top-level frame is labelled
# `<compiled>` in a backtrace instead of `<top (required)>` (only while the file loads).

module Marionette
  module Precompiled
    INDEX = {} # path => file holding its sequence
    LOADED = [] # the paths loaded precompiled (for tests)

    def self.setup(directory)
      index = File.join(directory, 'index')
      return unless File.file?(index)

      File.foreach(index, chomp: true) do |line|
        path, file = line.split("\t", 2)
        INDEX[path] = File.join(directory, file) if file
      end
      RubyVM::InstructionSequence.singleton_class.prepend(Loader)
    end

    def self.sequence(path)
      file = INDEX[path]
      return nil unless file

      binary = File.binread(file)
      return nil unless RubyVM::InstructionSequence.load_from_binary_extra_data(binary) == File.binread(path)

      sequence = RubyVM::InstructionSequence.load_from_binary(binary)
      LOADED << path
      sequence
    rescue StandardError
      nil
    end

    # RubyVM::InstructionSequence.load_iseq, as Ruby's loader calls it.
    module Loader
      def load_iseq(path)
        Precompiled.sequence(path)
      end
    end
  end
end
