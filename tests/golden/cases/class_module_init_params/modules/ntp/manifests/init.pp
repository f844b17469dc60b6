class ntp(Array[String] $servers = [], Boolean $enable = true) {
  contain ntp::config
}
