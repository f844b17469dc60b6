include app
class { 'other': }
