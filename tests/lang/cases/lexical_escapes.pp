$x = "tab\there \u{1F600} \u00e9 \$no \\\\ \"q\""
$y = 'it\'s \\ \n'
