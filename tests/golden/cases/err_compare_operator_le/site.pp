# A failed comparison names the operator that was used (here <=), not always <.
$same = true <= false
notify { "compared: ${same}": }
