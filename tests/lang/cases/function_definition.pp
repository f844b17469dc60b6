function mymod::greet(String $who, Integer $times = 1) >> String {
  "hello ${who}"
}
