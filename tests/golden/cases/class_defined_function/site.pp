class present {}
include present
notify { 'd': message => [defined(Class['present']), defined(Class['absent']), defined('present'), defined('absent'), defined(Notify['d']), defined('$present::x')] }
