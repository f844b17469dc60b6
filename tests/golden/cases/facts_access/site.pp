notify { 'f': message => [$facts['os']['name'], $::os['family'], $osfamily, $facts['networking']['interfaces']['eth0']['ip'], $facts['missing'], $::kernel, $facts['os']['release']['major'] + 0] }
