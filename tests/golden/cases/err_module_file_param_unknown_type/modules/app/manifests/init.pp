class app {
  notify { 'app': }
}
