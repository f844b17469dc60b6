# scanf() wants the data as a String.
notify { 'before': }
$x = scanf(3, '%d')
