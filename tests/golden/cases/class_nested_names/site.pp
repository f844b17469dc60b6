include profile::web
include profile::db
