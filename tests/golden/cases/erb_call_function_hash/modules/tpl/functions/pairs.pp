function tpl::pairs(Any *$args) >> String {
  $args.map |$a| { "${type($a, 'generalized')}=${a}" }.join(';')
}
