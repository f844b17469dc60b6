# frozen_string_literal: true

# Facter::Core::Execution for custom facts, written for marionette: commands run through
# /bin/sh with LANG and LC_ALL set to C, their standard output stripped, as Facter 4 runs them.
# A command whose program cannot be found fails before anything runs ("command not found");
# every command is killed, with its process group, after its timeout (Facter's 300 s unless
# the fact gives :timeout, :time_limit or :limit).

require 'io/wait'

module Facter
  module Core
    module Execution
      class ExecutionFailure < StandardError; end

      # Facter searches these after $PATH.
      EXTRA_SEARCH_PATHS = ['/sbin', '/usr/sbin'].freeze
      DEFAULT_TIMEOUT = 300

      class << self
        def which(binary)
          binary = binary.to_s
          if binary.include?('/')
            return executable?(binary) ? binary : nil
          end

          search_paths.each do |dir|
            path = File.join(dir, binary)
            return path if executable?(path)
          end
          nil
        end

        def absolute_path?(path)
          path.to_s.start_with?('/')
        end

        # The command with its program's full path, or nil when the program cannot be found.
        def expand_command(command)
          program, rest = split_program(command.to_s)
          found = which(program)
          return nil unless found

          rest.empty? ? quoted(found, program) : "#{quoted(found, program)} #{rest}"
        end

        def exec(command)
          execute(command, on_fail: nil)
        end

        def execute(command, options = {})
          on_fail = options.fetch(:on_fail, :raise)
          expanded = options.fetch(:expand, true) ? expand_command(command) : command.to_s
          unless expanded
            raise ExecutionFailure, "Could not execute '#{command}': command not found" if on_fail == :raise

            return on_fail
          end
          timeout = (options[:timeout] || options[:time_limit] || options[:limit]).to_i
          run(expanded, command, timeout.positive? ? timeout : DEFAULT_TIMEOUT, on_fail)
        end

        private

        def search_paths
          ENV.fetch('PATH', '').split(File::PATH_SEPARATOR) + EXTRA_SEARCH_PATHS
        end

        def executable?(path)
          File.file?(path) && File.executable?(path)
        end

        # The first word (or quoted text) and the rest.
        def split_program(command)
          command = command.strip
          if (match = command.match(/\A(["'])(.*?)\1\s*(.*)\z/m))
            [match[2], match[3]]
          else
            program, rest = command.split(/\s+/, 2)
            [program.to_s, rest.to_s]
          end
        end

        def quoted(path, program)
          path == program || !path.match?(/\s/) ? path : "'#{path}'"
        end

        def run(command, original, timeout, on_fail)
          reader, writer = IO.pipe
          pid = Process.spawn({ 'LANG' => 'C', 'LC_ALL' => 'C' }, '/bin/sh', '-c', command,
                              in: File::NULL, out: writer, err: File::NULL, pgroup: true)
          writer.close
          output = read_until(reader, Process.clock_gettime(Process::CLOCK_MONOTONIC) + timeout.to_f)
          if output.nil?
            message = "Timeout encounter after #{timeout}s, killing process with pid: #{pid}"
            kill_group(pid)
            pid = nil
            raise ExecutionFailure, message if on_fail == :raise

            return on_fail
          end
          Process.wait(pid)
          pid = nil
          output.force_encoding(Encoding::UTF_8).strip
        rescue SystemCallError => e
          raise ExecutionFailure, "Failed while executing '#{original}': #{e.message}" if on_fail == :raise

          on_fail
        ensure
          reader&.close unless reader&.closed?
          kill_group(pid) if pid # the fact's timeout interrupted it: nothing it ran goes on
        end

        # All of the output, or nil when the deadline passes first.
        def read_until(reader, deadline)
          output = +''
          loop do
            left = deadline - Process.clock_gettime(Process::CLOCK_MONOTONIC)
            return nil if left <= 0
            next unless reader.wait_readable(left)

            chunk = reader.read_nonblock(65_536, exception: false)
            return output if chunk.nil?

            output << chunk unless chunk == :wait_readable
          end
        end

        def kill_group(pid)
          Process.kill('KILL', -pid)
        rescue SystemCallError
          nil
        ensure
          begin
            Process.wait(pid)
          rescue SystemCallError
            nil
          end
        end
      end
    end
  end
end
