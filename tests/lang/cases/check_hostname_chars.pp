node "web 01" {}
