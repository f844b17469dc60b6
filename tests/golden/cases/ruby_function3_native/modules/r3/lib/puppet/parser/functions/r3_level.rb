# A statement function that checks a level with Regexp.compile; `<<-'ENDDOC'` as doc.
module Puppet::Parser::Functions
  newfunction(:r3_level, :doc => <<-'ENDDOC') do |args|
    Checks a level: r3_level('warn'), with a backslash \n left as written.
    ENDDOC
    if (args.size != 1) then
      raise Puppet::ParseError, ("r3_level(): wrong number of arguments (#{args.length}; must be 1)")
    end
    level = args[0]
    msg = "Level '${level}' is not one of the known levels."
    raise Puppet::ParseError, (msg) unless level =~ Regexp.compile('(emerg|alert|crit|error|warn|notice|info|debug|trace[1-8])')
    'a statement function returns nothing to Puppet'
  end
end
