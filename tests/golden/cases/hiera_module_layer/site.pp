include app
notify { 'l': message => [lookup('app::shared'), lookup('app::only_module'), lookup('app::extra', undef, undef, 'dflt')] }
