class conf { $setting = 'on' $list = [1, 2] }
include conf
notify { 'ns': message => [$conf::setting, $::conf::list, $conf::missing] }
