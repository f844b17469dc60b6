#!/bin/sh
# usage: check.sh MARIONETTE FACTS: the trace names the template beyond the native engine once
# (it is met twice), and nothing else; without the variable nothing is traced.
set -u
here=$(dirname "$0")
run() { "$1" compile --manifest "$here/site.pp" --facts "$2" --node n1 2>&1 >/dev/null; }
traced=$(MARIONETTE_TRACE_RUBY=1 run "$1" "$2") || { echo "compile failed: $traced"; exit 1; }
lines=$(printf '%s\n' "$traced" | grep -c '^marionette: Ruby: ')
wanted=$(printf '%s\n' "$traced" | grep -c "^marionette: Ruby: an inline template: 'for', line 1\$")
[ "$lines" = 1 ] && [ "$wanted" = 1 ] || { echo "traced: $traced"; exit 1; }
quiet=$(run "$1" "$2") || { echo "compile failed: $quiet"; exit 1; }
if printf '%s\n' "$quiet" | grep -q '^marionette: Ruby: '; then echo "traced unasked: $quiet"; exit 1; fi
echo ok
