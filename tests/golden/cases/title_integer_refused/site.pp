notify { 'a': }
notify { ['b', [['c'], 80]]: }
