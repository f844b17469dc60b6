#!/usr/bin/env bash
# prometheus/snmp_exporter/snmp.yml is what snmp_exporter's generator (Debian's
# prometheus-snmp-generator) makes of generator.yml beside it and mibs/MARIONETTE-MIB.txt, with
# the SNMPv2 base MIBs of ../shared/validation/mibs: regenerate it when the MIB changes with
#   cd prometheus/snmp_exporter && MIBDIRS=<shared>/validation/mibs:/usr/share/snmp/mibs:../../mibs \
#     prometheus-snmp-generator generate
set -euo pipefail
src=$1 shared=$2
command -v prometheus-snmp-generator >/dev/null || { echo "SKIP: prometheus-snmp-generator is not installed"; exit 0; }
[ -f "$shared/validation/mibs/SNMPv2-SMI.txt" ] || { echo "SKIP: no SNMPv2 MIBs in $shared/validation/mibs"; exit 0; }
work=$(mktemp -d /tmp/marionette-snmp-generator.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$src/prometheus/snmp_exporter/generator.yml" "$work/"
(cd "$work" && MIBDIRS="$shared/validation/mibs:/usr/share/snmp/mibs:$src/mibs" \
  timeout 60 prometheus-snmp-generator generate) > "$work/generator.log" 2>&1 ||
  { cat "$work/generator.log"; echo "FAIL: the generator failed"; exit 1; }
diff -u "$src/prometheus/snmp_exporter/snmp.yml" "$work/snmp.yml" ||
  { echo "FAIL: prometheus/snmp_exporter/snmp.yml is not what the generator makes of the MIB"; exit 1; }
echo "snmp.yml is current"
