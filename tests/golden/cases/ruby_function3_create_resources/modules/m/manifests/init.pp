class m {
  mk('class')
}
