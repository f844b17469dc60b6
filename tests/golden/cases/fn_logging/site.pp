notice('notice msg')
info('info msg')
warning('warn', 'multi')
debug('dbg')
notify { 'after': message => notice('x') }
