# real-module case inifile-create-ini-settings (function), from scripts/real-modules-cases.yaml
create_ini_settings({'section1' => {'setting1' => 'value1'}}, {'path' => '/tmp/foo.ini'})
