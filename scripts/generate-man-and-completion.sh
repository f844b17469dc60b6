#!/bin/sh
# Writes the man pages and the bash completion of marionette from its own --help texts, so that
# they say what the binary does (core/cli/commands.cpp holds the texts; nothing is written twice):
#   OUTDIR/man1/marionette.1             the overview, a section per subcommand, FILES_ROFF
#   OUTDIR/man1/marionette-SUBCOMMAND.1  a symbolic link to marionette.1
#   OUTDIR/marionette.bash               the completion: subcommands, then each one's options
# Usage: generate-man-and-completion.sh MARIONETTE_BINARY OUTDIR FILES_ROFF
set -eu
binary=$1
out=$2
files_roff=$3
mkdir -p "$out/man1"
rm -f "$out"/man1/marionette-*.1

version=$("$binary" --version)
# The subcommands are the lines of the overview's "Subcommands:" list.
subcommands=$("$binary" --help | awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }')
[ -n "$subcommands" ] || { echo "no subcommands in '$binary --help'" >&2; exit 1; }

# One --help text as roff: the Usage lines as they are, paragraphs, the "Options:" list as
# tagged paragraphs (the option and its argument, then its description; deeper lines continue it).
help_to_roff() {
  awk '
    function esc(s) { gsub(/\\/, "\\e", s); gsub(/-/, "\\-", s); if (s ~ /^[.\047]/) s = "\\&" s; return s }
    function flush() { if (para != "") { print ".PP"; print para; para = "" } }
    NR == 1 || (usage && /^       /) { if (NR == 1) { print ".nf"; usage = 1 } sub(/^ +/, "    "); print esc($0); next }
    usage { print ".fi"; usage = 0 }
    /^$/ { flush(); next }
    /^[A-Z][A-Za-z ]*:$/ { flush(); print ".PP"; print esc($0); options = 1; next }
    options && /^  [^ ]/ {
      line = substr($0, 3)
      if (match(line, /^-[-a-z0-9]+( [A-Z][][A-Z_.,]*)?(, -[-a-z0-9]+( [A-Z][][A-Z_.,]*)?)*/)) {
        tag = substr(line, 1, RLENGTH); rest = substr(line, RLENGTH + 1)
      } else { tag = line; rest = "" }
      sub(/^ +/, "", rest)
      print ".TP"; print ".B " esc(tag); if (rest != "") print esc(rest)
      next
    }
    options && /^   +/ { sub(/^ +/, ""); print esc($0); next }
    { options = 0; para = (para == "" ? esc($0) : para "\n" esc($0)) }
    END { if (usage) print ".fi"; flush() }'
}

{
  printf '.TH MARIONETTE 1 "%s" "marionette %s" "User Commands"\n' "$(date -u ${SOURCE_DATE_EPOCH:+-d "@$SOURCE_DATE_EPOCH"} '+%B %Y')" "$version"
  echo '.SH NAME'
  echo 'marionette \- configuration management that speaks the Puppet language, seen over SNMP'
  echo '.SH SYNOPSIS'
  echo '.B marionette'
  echo '.I subcommand'
  echo '.RI [ options ]'
  echo '.br'
  echo '.B marionette'
  echo '.BR \-\-help " | " \-\-version'
  echo '.SH DESCRIPTION'
  "$binary" --help | awk 'NR > 2 && /^$/ { exit } NR > 2' | sed 's/-/\\-/g'
  echo '.PP'
  echo 'Each subcommand below is also described by'
  printf '%s\n' '.BR "marionette \fIsubcommand\fP \-\-help" .'
  for command in $subcommands; do
    echo '.SH' "marionette $command" | tr 'a-z' 'A-Z'
    "$binary" "$command" --help | help_to_roff
  done
  cat "$files_roff"
} > "$out/man1/marionette.1"

for command in $subcommands; do
  ln -s marionette.1 "$out/man1/marionette-$command.1"
done

# The settings' names, from `config print` (given a certname and an empty configuration, so
# that it reads neither facts nor the build machine's /etc/marionette).
settings=$("$binary" config print --config /dev/null --certname build | cut -d' ' -f1)

{
  echo '# bash completion for marionette; generated from its --help texts.'
  echo '_marionette() {'
  echo '  local word=${COMP_WORDS[COMP_CWORD]} words'
  echo '  if [ "$COMP_CWORD" -eq 1 ]; then'
  echo "    COMPREPLY=(\$(compgen -W '$(echo $subcommands) --help --version' -- \"\$word\"))"
  echo '    return'
  echo '  fi'
  echo '  case ${COMP_WORDS[1]} in'
  for command in $subcommands; do
    help=$("$binary" "$command" --help)
    options=$(printf '%s\n' "$help" | grep -o -- '--[a-z][a-z0-9_-]*' || true)
    # A command whose help says every setting is an option completes them all (--show-diff).
    if printf '%s\n' "$help" | grep -q 'every setting'; then
      options=$(printf '%s\n%s\n' "$options" "$(printf '%s\n' "$settings" | tr _ - | sed 's/^/--/')")
    fi
    echo "    $command) words='$(printf '%s\n' "$options" | sort -u | tr '\n' ' ')--help' ;;"
  done
  echo '    *) words= ;;'
  echo '  esac'
  if [ -n "$settings" ]; then
    echo '  if [ "${COMP_WORDS[1]} ${COMP_WORDS[2]}" = "config print" ] && [[ $word != -* ]]; then'
    echo "    COMPREPLY=(\$(compgen -W '$(echo $settings)' -- \"\$word\"))"
    echo '    return'
    echo '  fi'
  fi
  echo '  if [[ $word == -* ]]; then'
  echo '    COMPREPLY=($(compgen -W "$words" -- "$word"))'
  echo '  else'
  echo '    COMPREPLY=($(compgen -f -- "$word"))'
  echo '  fi'
  echo '}'
  echo 'complete -o filenames -F _marionette marionette'
} > "$out/marionette.bash"
