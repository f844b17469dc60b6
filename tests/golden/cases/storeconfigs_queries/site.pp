# Exported collectors' queries as the store answers them (PuppetDB's semantics): == exact, an
# array parameter matches by an element, tags lower-cased, != as "not ==", and/or/parentheses.
Host <<| tag == 'FLEET' |>>
File <<| (ensure == 'file' and mode != '0600') or title == '/etc/fleet/Exact' |>>
Notify <<| message == 'b' or withpath == true |>>
Package <<| tag == 'web' and (ensure == 'present' or ensure == 'installed') |>>
