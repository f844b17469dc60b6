pair_setting { 'main/k': }
pair_setting { 'nomatch': value => 1 }
