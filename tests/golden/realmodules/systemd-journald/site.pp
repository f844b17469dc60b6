# real-module case systemd-journald (class with settings), from scripts/real-modules-cases.yaml
class { 'systemd': manage_journald => true, journald_settings => {'Storage' => 'persistent', 'MaxRetentionSec' => '5day'} }
