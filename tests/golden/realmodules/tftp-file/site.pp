# real-module case tftp-file (define), from scripts/real-modules-cases.yaml
include tftp
tftp::file { 'pxelinux.0': source => 'puppet:///modules/tftp/pxelinux.0' }
