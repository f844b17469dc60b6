define foo::bar {
  "nothing"
}
