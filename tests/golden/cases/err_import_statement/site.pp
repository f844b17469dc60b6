# `import` written as a statement (Puppet 3's manifest import) is a call Puppet 7 refuses.
notify { 'before': }
import 'nodes/*.pp'
