@class { "x": }
