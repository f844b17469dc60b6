notify { 'before': }
include app
